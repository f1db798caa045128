import { type FuzzResult, describeFailures, parseJunit } from './schemathesis';

// The shape schemathesis 4 writes (a failing, a passing and an erroring operation).
const JUNIT = `<?xml version="1.0" encoding="utf-8"?>
<testsuites errors="1" failures="1" skipped="0" tests="3" time="0.5">
  <testsuite name="schemathesis" hostname="vm" errors="1" failures="1" skipped="0" tests="3" time="0.5">
    <testcase name="GET /api/v1/me" time="0.17">
      <failure type="failure" message="ST103">1. Test Case ID: 2mvmW1

- ST103 Undocumented status code

    Received: 401
    Documented: 200, 400

[401] Unauthorized:

    \`{&quot;statusCode&quot;:401,&quot;code&quot;:&quot;UNAUTHENTICATED&quot;}\`

Reproduce with:

    curl -X GET http://127.0.0.1:3100/api/v1/me?a=1&amp;b=%3C</failure>
    </testcase>
    <testcase name="GET /api/v1/billing/plans" time="0.1"/>
    <testcase name="POST /api/v1/artifacts" time="0.2">
      <error type="error" message="Connection refused">Could not reach the API</error>
    </testcase>
  </testsuite>
</testsuites>`;

describe('schemathesis JUnit report', () => {
  it('lists each failing or erroring operation with its code and case, entities decoded', () => {
    const failed = parseJunit(JUNIT);
    expect(failed.map((f) => [f.operation, f.code])).toEqual([
      ['GET /api/v1/me', 'ST103'],
      ['POST /api/v1/artifacts', 'Connection refused'],
    ]);
    expect(failed[0]?.detail).toContain('Test Case ID: 2mvmW1');
    expect(failed[0]?.detail).toContain('{"statusCode":401,"code":"UNAUTHENTICATED"}');
    expect(failed[0]?.detail).toContain('/api/v1/me?a=1&b=%3C');
  });

  it('puts them in the assertion message', () => {
    const result = { failed: parseJunit(JUNIT), errors: [], log: '/tmp/x.log' } as unknown as FuzzResult;
    const message = describeFailures(result);
    expect(message).toMatch(/^2 failing case\(s\), 0 error\(s\); log: \/tmp\/x\.log/);
    expect(message).toContain('GET /api/v1/me — ST103\n    1. Test Case ID: 2mvmW1');
  });
});
