// Deterministic, realistic artifacts for tools/bench/scale.mjs: HTML pages, React components,
// Markdown notes, SVG charts and TypeScript modules of 10–30 KB, with titles, tags, a common word
// in about a third of them and a rare word in about one in a thousand (so a search for it has
// a handful of hits at every size). Same index, same artifact, on every run.

/** mulberry32: a small seeded PRNG (deterministic content without storing any). */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'revenue region quarter forecast pipeline customer churn retention cohort funnel margin ' +
  'latency throughput cache replica shard index query planner budget roadmap milestone sprint ' +
  'backlog incident postmortem rollout feature flag experiment variant baseline metric signal ' +
  'palette gradient contrast typography layout grid column spacing border shadow motion ' +
  'vector matrix tensor gradient optimizer epoch batch dropout kernel sensor telemetry ' +
  'invoice ledger account balance payment refund subscription trial renewal upgrade'
).split(' ');
const ADJECTIVES = 'Quarterly Weekly Interactive Annual Regional Live Compact Detailed Draft Final'.split(
  ' ',
);
const NOUNS = 'Report Dashboard Tracker Explorer Summary Planner Chart Notes Simulator Overview'.split(' ');
const TAGS = 'finance ops design ml growth infra sales research team demo'.split(' ');
export const TYPES = ['HTML', 'REACT', 'MARKDOWN', 'SVG', 'TYPESCRIPT'];
/** In about a third of the artifacts: a search with many hits. */
export const COMMON_WORD = 'dashboard';
/** In one artifact of every 997 (indexes 3, 1000, 1997, …): a search with a handful of hits. */
export const RARE_WORD = 'zephyrquartz';
export const hasRareWord = (i) => i % 997 === 3;

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const sentence = (rand, n) => Array.from({ length: n }, () => pick(rand, WORDS)).join(' ');

const blocks = {
  HTML: (rand) =>
    `<section class="card"><h2>${sentence(rand, 3)}</h2><p>${sentence(rand, 40)}</p>` +
    `<table><tr><td>${sentence(rand, 2)}</td><td>${Math.floor(rand() * 1e6)}</td></tr></table></section>\n`,
  REACT: (rand) =>
    `export function Panel${Math.floor(rand() * 1e6)}({ items }) {\n  const [open, setOpen] = useState(false);\n` +
    `  // ${sentence(rand, 12)}\n  return (<div className="panel" onClick={() => setOpen(!open)}>` +
    `<h3>${sentence(rand, 3)}</h3>{open && items.map((i) => <p key={i.id}>{i.label} ${sentence(rand, 8)}</p>)}</div>);\n}\n`,
  MARKDOWN: (rand) =>
    `## ${sentence(rand, 4)}\n\n${sentence(rand, 50)}.\n\n- ${sentence(rand, 6)}\n- ${sentence(rand, 6)}\n\n` +
    `| ${sentence(rand, 1)} | ${Math.floor(rand() * 1e4)} |\n| --- | --- |\n\n`,
  SVG: (rand) =>
    `<g><rect x="${Math.floor(rand() * 800)}" y="${Math.floor(rand() * 600)}" width="${Math.floor(rand() * 90)}" ` +
    `height="${Math.floor(rand() * 90)}" fill="#${Math.floor(rand() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}"/>` +
    `<text x="${Math.floor(rand() * 800)}" y="${Math.floor(rand() * 600)}">${sentence(rand, 3)}</text></g>\n`,
  TYPESCRIPT: (rand) =>
    `/** ${sentence(rand, 14)} */\nexport function compute${Math.floor(rand() * 1e6)}(input: number[]): number {\n` +
    `  const weights = [${Array.from({ length: 8 }, () => rand().toFixed(3)).join(', ')}];\n` +
    `  return input.reduce((sum, x, i) => sum + x * (weights[i % weights.length] ?? 0), 0); // ${sentence(rand, 6)}\n}\n`,
};
const frame = {
  HTML: (body) => `<!doctype html><html><head><title>Report</title></head><body>\n${body}</body></html>`,
  REACT: (body) => `import React, { useState } from 'react';\n\n${body}\nexport default Panel;\n`,
  MARKDOWN: (body) => `# Notes\n\n${body}`,
  SVG: (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 900 700">\n${body}</svg>`,
  TYPESCRIPT: (body) => `// Generated module\n${body}`,
};

/** A word in a form that keeps each type valid. */
const mention = {
  HTML: (w) => `<p>${w}</p>\n`,
  REACT: (w) => `// ${w}\n`,
  MARKDOWN: (w) => `${w}\n\n`,
  SVG: (w) => `<text x="10" y="10">${w}</text>\n`,
  TYPESCRIPT: (w) => `// ${w}\n`,
};

/** The i-th artifact of the bench user: a create body for POST /api/v1/artifacts/batch. */
export function benchArtifact(i) {
  const rand = prng(i + 1);
  const type = TYPES[i % TYPES.length];
  const size = 10_000 + Math.floor(rand() * 20_000);
  let body = '';
  if (i % 3 === 0) body += mention[type](COMMON_WORD);
  if (hasRareWord(i)) body += mention[type](RARE_WORD);
  while (body.length < size - 200) body += blocks[type](rand);
  const content = frame[type](body);
  return {
    title: `${pick(rand, ADJECTIVES)} ${pick(rand, NOUNS)} ${i}`,
    type,
    content,
    tags: [pick(rand, TAGS), pick(rand, TAGS)].filter((t, n, all) => all.indexOf(t) === n),
  };
}
