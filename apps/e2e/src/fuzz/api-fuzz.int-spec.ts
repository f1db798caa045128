/**
 * Schema-driven fuzzing of the public API (issue 14: a client's mistake is never a server error).
 * Every service runs once (startStack, API only); schemathesis, pinned and installed by
 * tools/fuzz/ensure-schemathesis.mjs, generates valid and invalid requests from the gateway's own
 * /api-docs/openapi.json, first anonymously, then as a signed-up user on the trial. Every answer
 * must be below 500 and conform to the document: status code, content type and body schema.
 * Reports land in .local/test-results/fuzz/<run>/ (JUnit XML, JSON, the CLI's log).
 *
 *   JEST_KIND=int npx jest apps/e2e/src/fuzz --runInBand
 */
import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { workspaceRoot } from '@core-vault/platform/testing';
import { type Stack, startStack } from '../support/stack';
import { type SignedInUser, isStillSignedIn, signUpOnTrial } from './fuzz-user';
import { type FuzzResult, describeFailures, ensureSchemathesis, runSchemathesis } from './schemathesis';

const OUT_DIR = join(workspaceRoot, '.local/test-results/fuzz');
const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
];
/** Fixed: the same cases every run, so a failure reproduces. */
const SEED = 20_141;
const MAX_EXAMPLES = 8;
/**
 * Hard cap per run, a hang guard rather than a target. A run takes 30-40 s anonymously and
 * 45-80 s signed in on this machine with both test lanes busy; a CI machine that ran the suites
 * 2-3x slower than that took over 150 s signed in. Twice that leaves room and still stops a run
 * that hangs.
 */
const BUDGET_MS = 300_000;
const TEST_TIMEOUT_MS = BUDGET_MS + 30_000;

let stack: Stack | undefined;
let cli = '';
let user: SignedInUser;
let github: Server | undefined;

beforeAll(async () => {
  cli = ensureSchemathesis();
  // Gist imports read GitHub's API: here a local one that knows no gist (GitHub's 404), so a
  // generated gist id is a documented 404, not a failed call to the internet (a 502).
  github = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"message":"Not Found"}');
  });
  await new Promise<void>((resolve) => github?.listen(0, '127.0.0.1', resolve));
  const githubUrl = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
  // API only: the fuzzer never needs the SPA or the renderer.
  stack = await startStack({ web: false, env: { GITHUB_API_URL: githubUrl } });
  user = await signUpOnTrial(stack.gatewayUrl, stack.mailApiUrl);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => (github ? github.close(resolve) : resolve(undefined)));
}, 30_000);

function stackUrl(): string {
  if (!stack) throw new Error('the stack did not start');
  return stack.gatewayUrl;
}

function fuzz(
  name: string,
  extra: { headers?: Record<string, string>; excludeOperationIds?: string[] } = {},
) {
  return runSchemathesis({
    cli,
    baseUrl: stackUrl(),
    name,
    outDir: OUT_DIR,
    checks: CHECKS,
    seed: SEED,
    maxExamples: MAX_EXAMPLES,
    budgetMs: BUDGET_MS,
    ...extra,
  });
}

function expectClean(result: FuzzResult): void {
  const figures = `${result.operations.tested}/${result.operations.selected} operations, ${result.cases.generated} cases, ${(result.durationMs / 1000).toFixed(1)} s, failures by kind ${JSON.stringify(result.failureCodes)}`;
  process.stdout.write(`schemathesis: ${figures}\n`);
  if (result.timedOut)
    throw new Error(`schemathesis ran past its ${BUDGET_MS / 1000} s budget; log: ${result.log}`);
  // A run that tested nothing would pass every check below.
  expect(result.operations.tested).toBeGreaterThan(40);
  expect(result.operations.tested).toBe(result.operations.selected);
  expect(result.cases.generated).toBeGreaterThan(result.operations.tested * 5);
  if (result.failed.length || result.errors.length || result.cases.withFailures)
    throw new Error(`${figures}\n${describeFailures(result)}`);
  expect(result.failureCodes).toEqual({});
  expect(result.exitCode).toBe(0);
}

describe('the public API under schema-driven fuzzing', () => {
  it(
    'answers anonymous callers without a server error, as its OpenAPI document says',
    async () => {
      expectClean(await fuzz('anonymous'));
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'answers a signed-in user on the trial without a server error, as its OpenAPI document says',
    async () => {
      expectClean(
        await fuzz('signed-in', {
          headers: { authorization: `Bearer ${user.token}` },
          // Sign-out and ending a session by id (the fuzzer learns the id from the session list)
          // revoke the very session the rest of this run uses: with endSession in, the last 44% of
          // the cases ran signed out. Both are fuzzed anonymously above and tested signed in by the
          // identity suites. The refresh cookie is left out on purpose: the fuzzer would replay a
          // rotated cookie, which identity rightly treats as theft and answers by revoking every session.
          excludeOperationIds: ['signOut', 'endSession'],
        }),
      );
      // Every case above ran signed in only if the session outlived the run.
      expect(await isStillSignedIn(stackUrl(), user.token)).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});
