/**
 * Running the pinned schemathesis CLI (tools/fuzz/ensure-schemathesis.mjs installs it) and reading
 * its reports: the JSON run report for the figures, the JUnit XML for each failing case.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from '@core-vault/platform/testing';

/** The schemathesis CLI in .cache/schemathesis-venv, installed first when missing. */
export function ensureSchemathesis(): string {
  const result = spawnSync(process.execPath, [join(workspaceRoot, 'tools/fuzz/ensure-schemathesis.mjs')], {
    cwd: workspaceRoot,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`could not install schemathesis: ${result.stderr || result.stdout}`.trim());
  return result.stdout.trim();
}

export interface FuzzOptions {
  cli: string;
  /** The gateway's base URL; the schema is its /api-docs/openapi.json. */
  baseUrl: string;
  /** Names the run's reports and log under `outDir`. */
  name: string;
  outDir: string;
  checks: readonly string[];
  seed: number;
  maxExamples: number;
  /** Hard wall-clock budget: past it the run is stopped and reported as such. */
  budgetMs: number;
  headers?: Record<string, string>;
  excludeOperationIds?: readonly string[];
}

export interface FailedCase {
  operation: string;
  /** ST101 (server error), ST103 (undocumented status)… as schemathesis names them. */
  code: string;
  detail: string;
}

export interface FuzzResult {
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  log: string;
  operations: { total: number; selected: number; tested: number; errored: number };
  cases: { generated: number; withFailures: number };
  /** Failure kinds over the run, e.g. { ST101: 2 }. */
  failureCodes: Record<string, number>;
  /** Each failing operation with its cases (from the JUnit report). */
  failed: FailedCase[];
  /** Errors schemathesis itself ran into (a schema it could not load, a refused connection…). */
  errors: string[];
}

interface JsonReport {
  running_time: number;
  operations: { total: number; selected: number; tested: number; errored: number };
  test_cases: { generated: number; with_failures: number };
  failures: { code: string; count: number }[];
  errors: unknown[];
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
    e.startsWith('#x') || e.startsWith('#X')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : (XML_ENTITIES[e] ?? ''),
  );
}

/** Failing and erroring test cases of a schemathesis JUnit report (one testcase per operation). */
export function parseJunit(xml: string): FailedCase[] {
  const out: FailedCase[] = [];
  for (const testcase of xml.matchAll(
    /<testcase\b[^>]*\bname="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g,
  )) {
    const operation = unescapeXml(testcase[1] ?? '');
    for (const problem of (testcase[2] ?? '').matchAll(
      /<(failure|error)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g,
    )) {
      const message = /\bmessage="([^"]*)"/.exec(problem[2] ?? '')?.[1];
      out.push({
        operation,
        code: unescapeXml(message ?? problem[1] ?? ''),
        detail: unescapeXml(problem[3] ?? '').trim(),
      });
    }
  }
  return out;
}

export async function runSchemathesis(options: FuzzOptions): Promise<FuzzResult> {
  const dir = join(options.outDir, options.name);
  mkdirSync(dir, { recursive: true });
  const junitPath = join(dir, 'junit.xml');
  const jsonPath = join(dir, 'report.json');
  const logPath = join(dir, 'schemathesis.log');
  const args = [
    'run',
    `${options.baseUrl}/api-docs/openapi.json`,
    '--url',
    options.baseUrl,
    '--checks',
    options.checks.join(','),
    '--seed',
    String(options.seed),
    '--max-examples',
    String(options.maxExamples),
    // One worker: with two threads, hypothesis's lambda descriptions call ast.parse concurrently,
    // and Debian's CPython 3.11.7 tracks the AST recursion depth in shared state, so two parses
    // at once fail now and then with "AST constructor recursion depth mismatch" (CPython
    // gh-106905, fixed in later releases) — a runtime error of the fuzzer, not of our API.
    '--workers',
    '1',
    '--request-timeout',
    '10',
    // Every failure, not just the first: the assertion lists them all.
    '--max-failures',
    '10000',
    // Nothing kept between runs (no .hypothesis directory): the seed alone decides the cases.
    '--generation-database',
    'none',
    '--report',
    'junit,json',
    '--report-junit-path',
    junitPath,
    '--report-json-path',
    jsonPath,
    '--no-color',
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
    ...(options.excludeOperationIds ?? []).flatMap((id) => ['--exclude-operation-id', id]),
  ];
  const started = Date.now();
  const log = createWriteStream(logPath);
  const child = spawn(options.cli, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGTERM');
  }, options.budgetMs);
  const exitCode = await new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(null));
    child.once('close', (code) => resolve(code));
  });
  clearTimeout(timer);
  await new Promise((resolve) => log.end(resolve));
  const durationMs = Date.now() - started;

  let report: JsonReport | undefined;
  let failed: FailedCase[] = [];
  try {
    report = JSON.parse(readFileSync(jsonPath, 'utf8')) as JsonReport;
    failed = parseJunit(readFileSync(junitPath, 'utf8'));
  } catch {
    // No reports: a run that never got going; the log says why.
  }
  return {
    exitCode,
    timedOut,
    durationMs,
    log: logPath,
    operations: report?.operations ?? { total: 0, selected: 0, tested: 0, errored: 0 },
    cases: {
      generated: report?.test_cases.generated ?? 0,
      withFailures: report?.test_cases.with_failures ?? 0,
    },
    failureCodes: Object.fromEntries((report?.failures ?? []).map((f) => [f.code, f.count])),
    failed,
    errors: (report?.errors ?? []).map((e) => JSON.stringify(e)),
  };
}

/** One line per failing case, for an assertion message a reader can act on. */
export function describeFailures(result: FuzzResult): string {
  const lines = result.failed.map(
    (f) => `${f.operation} — ${f.code}\n    ${f.detail.replace(/\n+/g, '\n    ').slice(0, 1_500)}`,
  );
  return [
    `${result.failed.length} failing case(s), ${result.errors.length} error(s); log: ${result.log}`,
    ...lines,
    ...result.errors.map((e) => `error: ${e.slice(0, 1_000)}`),
  ].join('\n');
}
