// docs/reference/benchmarks.md, generated from the committed JSON of each benchmark's latest
// recorded run (docs/reference/benchmarks/data/{bench}.json, written by tools/bench/record.mjs).
// One section per benchmark: what it measures, how to rerun it, its target and verdict, the
// figures, and when, on which commit and which machine they were taken. Node built-ins only.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

const REQUIRED = ['bench', 'about', 'at', 'commit', 'machine'];
const ABOUT = ['title', 'measures', 'command', 'target'];
/** Keys of the envelope, printed in their own places rather than among the figures. */
const ENVELOPE = new Set([
  'bench',
  'about',
  'at',
  'measuredAt',
  'commit',
  'machine',
  'targets',
  'targetMs',
  'verdict',
  'met',
  'pass',
  'seeded',
]);
const MAX_ROWS = 30;

/** One recorded run, checked; a clear error names the file and what is wrong with it. */
export function readRecord(file, root, bench = basename(file, '.json')) {
  const name = relative(root, file);
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${name}: not valid JSON (${err.message})`);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(`${name}: not a JSON object`);
  for (const key of REQUIRED) if (data[key] == null) throw new Error(`${name}: "${key}" is missing`);
  for (const key of ABOUT)
    if (typeof data.about[key] !== 'string' || !data.about[key])
      throw new Error(`${name}: "about.${key}" is missing`);
  if (data.bench !== bench) throw new Error(`${name}: "bench" is "${data.bench}", not "${bench}"`);
  if (Number.isNaN(Date.parse(data.at))) throw new Error(`${name}: "at" is not a date (${data.at})`);
  for (const key of ['cpu', 'cores', 'ramGiB', 'os', 'node'])
    if (data.machine[key] == null) throw new Error(`${name}: "machine.${key}" is missing`);
  return data;
}

/** Every record in `dir`, by bench name. */
export function readRecords(dir, root) {
  if (!existsSync(dir)) throw new Error(`${relative(root, dir)}: no such folder (record a bench first)`);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  if (files.length === 0) throw new Error(`${relative(root, dir)}: no recorded benchmark (*.json)`);
  return files.map((f) => readRecord(join(dir, f), root));
}

const isPlain = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isScalar = (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const cell = (v) => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'number') return Number.isInteger(v) ? v.toLocaleString('en-US') : String(v);
  if (Array.isArray(v)) return v.map(cell).join(', ');
  // A cell is text: no raw HTML (a case named "unclosed <script>s"), no column breaks.
  return String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\|/g, '\\|').replace(/\n/g, ' ');
};
/** An array item's own name (then not repeated as a column), else its position. */
const LABEL_KEYS = ['what', 'case', 'name', 'path'];
const labelled = (item, i) => {
  const key = LABEL_KEYS.find((k) => typeof item[k] === 'string');
  if (!key) return [`#${i + 1}`, item];
  const { [key]: label, ...rest } = item;
  return [label, rest];
};

/**
 * The figures as rows: a path of keys and the scalars found there. Objects whose values are all
 * scalars become one row (their keys the columns); arrays of scalars one cell.
 */
function rows(value, path, out) {
  if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) {
    out.push({ label: path.slice(0, -1).join(' › ') || '', columns: { [path.at(-1) ?? 'value']: value } });
    return out;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const [label, rest] = isPlain(item) ? labelled(item, i) : [`#${i + 1}`, item];
      rows(rest, [...path, label], out);
    });
    return out;
  }
  // Nulls say nothing (a part the run skipped).
  const entries = Object.entries(value).filter(([, v]) => v !== null && v !== undefined);
  const scalars = entries.filter(([, v]) => isScalar(v) || (Array.isArray(v) && v.every(isScalar)));
  // Top-level single values each get a row of the "figure | value" table.
  if (scalars.length && path.length === 0)
    for (const [k, v] of scalars) out.push({ label: '', columns: { [k]: v } });
  else if (scalars.length) out.push({ label: path.join(' › '), columns: Object.fromEntries(scalars) });
  for (const [k, v] of entries) if (!scalars.some(([s]) => s === k)) rows(v, [...path, k], out);
  return out;
}

/** Rows grouped into tables of the same columns, in order of first appearance. */
function tables(figures) {
  const groups = new Map();
  for (const row of rows(figures, [], [])) {
    const keys = Object.keys(row.columns);
    // Single values share one "figure | value" table.
    const id = keys.length === 1 ? '' : keys.join('\u0000');
    if (!groups.has(id)) groups.set(id, { keys, rows: [] });
    groups.get(id).rows.push(row);
  }
  const out = [];
  for (const [id, group] of groups) {
    const lines =
      id === ''
        ? ['| figure | value |', '| --- | --- |'].concat(
            group.rows.map((r) => {
              const [[k, v]] = Object.entries(r.columns);
              return `| ${cell([r.label, k].filter(Boolean).join(' › '))} | ${cell(v)} |`;
            }),
          )
        : [
            `| | ${group.keys.map(cell).join(' | ')} |`,
            `| --- |${' --- |'.repeat(group.keys.length)}`,
          ].concat(
            group.rows.map(
              (r) => `| ${cell(r.label)} | ${group.keys.map((k) => cell(r.columns[k])).join(' | ')} |`,
            ),
          );
    const shown = lines.slice(0, MAX_ROWS + 2);
    if (lines.length > shown.length)
      shown.push('', `… and ${lines.length - shown.length} more rows in the JSON.`);
    out.push(shown.join('\n'));
  }
  return out;
}

function verdictText(verdict) {
  if (verdict === null || verdict === undefined) return 'no verdict (the bench has no target of its own)';
  if (typeof verdict === 'boolean') return verdict ? 'met' : '**not met**';
  if (isPlain(verdict))
    return Object.entries(verdict)
      .map(([k, v]) => `${k} ${typeof v === 'boolean' ? (v ? 'met' : '**not met**') : cell(v)}`)
      .join(', ');
  return cell(verdict);
}

function targetsText(targets) {
  if (targets === null || targets === undefined) return '';
  if (isScalar(targets)) return cell(targets);
  return rows(targets, [], [])
    .flatMap((r) =>
      Object.entries(r.columns).map(([k, v]) => `${[r.label, k].filter(Boolean).join(' › ')} ${cell(v)}`),
    )
    .join('; ');
}

function section(record, dataDir) {
  const { about, machine } = record;
  const figures = Object.fromEntries(Object.entries(record).filter(([k]) => !ENVELOPE.has(k)));
  // Anything else a bench said about the machine (load at start and end …), after the common facts.
  const extra = Object.entries(machine)
    .filter(([k]) => !['cpu', 'cores', 'ramGiB', 'os', 'node'].includes(k))
    .map(
      ([k, v]) =>
        `, ${k === 'loadAverage' ? 'load average (1/5/15 min)' : k} ${Array.isArray(v) ? v.join(' / ') : cell(v)}`,
    )
    .join('');
  const targets = targetsText(record.targets ?? record.targetMs);
  return [
    `## ${about.title}`,
    '',
    about.measures,
    '',
    `- **Rerun**: \`${about.command}\`, then \`npm run bench:record -- ${record.bench}\``,
    `- **Target**: ${about.target}${targets ? ` (in the JSON: ${targets})` : ''}`,
    `- **Verdict**: ${verdictText(record.verdict ?? record.met ?? record.pass)}`,
    `- **Run**: ${record.at.slice(0, 16).replace('T', ' ')} UTC, commit ${record.commit}`,
    `- **Machine**: ${machine.cpu}, ${machine.cores} cores, ${machine.ramGiB} GiB, ${machine.os}, Node ${machine.node.replace(/^v/, '')}${extra}`,
    ...(record.seeded ? [`- **Note**: ${record.seeded}`] : []),
    `- **JSON**: [${record.bench}.json](${dataDir}/${record.bench}.json)`,
    '',
    ...tables(figures).flatMap((t) => [t, '']),
    ...(about.notes ? [about.notes, ''] : []),
  ].join('\n');
}

/**
 * The page: a summary table, one section per recorded benchmark, then the hand-written figures
 * of benchmarks no run has been recorded for yet (`notYetRecorded`, markdown, may be empty).
 */
export function renderPage(records, notYetRecorded, dataDir = 'benchmarks/data') {
  const sorted = [...records].sort((a, b) => a.about.title.localeCompare(b.about.title));
  const anchor = (t) =>
    t
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
  return [
    '<!-- Generated by tools/bench/record.mjs from benchmarks/data/*.json: do not edit by hand.',
    '     Rerun a bench, then `npm run bench:record -- <bench>` (or --all) to update this page. -->',
    '',
    '# Benchmarks',
    '',
    'The latest recorded run of each benchmark, generated from its JSON. Benchmarks are not part of',
    '`npm test`: each is one command that prints a table and writes `.local/bench/{bench}.json`, and',
    'measures its anchor (a bare server doing only the necessary work) in the same run, so compare',
    'ratios within a run. Figures from a loaded host say so in the load average; a shared 2-core host',
    'swings by half between runs. Earlier runs are not kept here: `.local/bench/` holds your own.',
    '',
    '| benchmark | run | verdict |',
    '| --- | --- | --- |',
    ...sorted.map(
      (r) =>
        `| [${cell(r.about.title)}](#${anchor(r.about.title)}) | ${r.at.slice(0, 10)}, ${r.commit} | ${verdictText(r.verdict ?? r.met ?? r.pass)} |`,
    ),
    '',
    ...sorted.map((r) => section(r, dataDir)),
    ...(notYetRecorded.trim()
      ? [
          '# Not yet recorded by the generator',
          '',
          'Hand-written figures of benchmarks whose latest run has no recorded JSON yet (kept from',
          'the earlier page, with their dates); a recorded run replaces them. Source:',
          '[benchmarks-not-yet-recorded.md](benchmarks-not-yet-recorded.md).',
          '',
          notYetRecorded.trim(),
          '',
        ]
      : []),
  ].join('\n');
}
