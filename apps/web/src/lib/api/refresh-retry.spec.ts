import { ApiError } from './errors';
import { REFRESH_RETRY, afterFailedRefresh } from './refresh-retry';

const api = (status: number, code = 'X', retryAfter?: number) =>
  new ApiError(status, code, 'message', retryAfter);
const lowest = () => 0;
const highest = () => 0.999_999;

describe('after a failed refresh', () => {
  it('only a definite 401 signs out', () => {
    expect(afterFailedRefresh(api(401, 'SESSION_EXPIRED'), 1)).toEqual({ kind: 'signed-out' });
    for (const err of [
      api(429, 'RATE_LIMITED', 580),
      api(500),
      api(502, 'HTTP_ERROR'),
      api(503, 'SERVICE_UNAVAILABLE'),
      api(0, 'NETWORK_ERROR'),
      api(403, 'CROSS_SITE_REQUEST'),
      new SyntaxError('Unexpected end of JSON input'),
      new Error('anything else'),
    ])
      expect(afterFailedRefresh(err, 1).kind).toBe('retry');
  });

  it("honours a 429's Retry-After, capped, and spreads the crowd by up to a second", () => {
    expect(afterFailedRefresh(api(429, 'RATE_LIMITED', 12), 1, REFRESH_RETRY, lowest)).toEqual({
      kind: 'retry',
      delayMs: 12_000,
    });
    expect(afterFailedRefresh(api(429, 'RATE_LIMITED', 12), 1, REFRESH_RETRY, highest)).toEqual({
      kind: 'retry',
      delayMs: 13_000,
    });
    // The measured case: 580 s. The person is not kept waiting ten minutes for one answer.
    const long = afterFailedRefresh(api(429, 'RATE_LIMITED', 580), 1, REFRESH_RETRY, lowest);
    expect(long).toEqual({ kind: 'retry', delayMs: REFRESH_RETRY.maxRetryAfterMs });
    // A 503 that names its wait is honoured the same way.
    expect(afterFailedRefresh(api(503, 'SERVICE_UNAVAILABLE', 2), 3, REFRESH_RETRY, lowest)).toEqual({
      kind: 'retry',
      delayMs: 2_000,
    });
  });

  it('backs off exponentially with jitter when the answer names no wait, up to a ceiling', () => {
    const delays = (random: () => number) =>
      [1, 2, 3, 4, 5, 6, 7, 10].map((n) =>
        afterFailedRefresh(api(0, 'NETWORK_ERROR'), n, REFRESH_RETRY, random),
      );
    expect(delays(highest).map((d) => ('delayMs' in d ? d.delayMs : -1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    // Never less than half the step: retries do not pile up.
    expect(delays(lowest).map((d) => ('delayMs' in d ? d.delayMs : -1))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000,
    ]);
  });
});
