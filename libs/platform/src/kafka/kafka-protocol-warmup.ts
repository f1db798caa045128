import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The requests a running client sends over and over, by the role it plays. */
const HOT_REQUESTS = {
  consumer: ['fetch', 'offsetCommit', 'heartbeat'],
  producer: ['produce'],
} as const;

/**
 * kafkajs loads the encoder and decoder of a request version the first time it sends that request
 * (`require('./v5/request')` inside the request builder). For a consumer, the first offset commit
 * and heartbeat come right after its first batch, so that loading ran on the event loop while the
 * backlog waited: through OpenTelemetry's require hooks (one per instrumentation) it took 7 % of a
 * 200,000-view catch-up in the analytics benchmark (`BENCH_PROFILE=pipeline`, 2026-11-29), a stall
 * of ≈ 0.27 s at the first commit. Loading them once, when a service starts its first consumer
 * (or its producer), moves that to boot, for the roles the service plays only.
 *
 * Every version present is loaded (a version's response reuses its predecessors' parsers), so this
 * does not depend on which version the broker will negotiate.
 */
export function warmKafkaProtocol(role: keyof typeof HOT_REQUESTS): number {
  const require = createRequire(__filename);
  const requests = join(dirname(require.resolve('kafkajs/package.json')), 'src/protocol/requests');
  let loaded = 0;
  for (const api of HOT_REQUESTS[role]) {
    for (const version of readdirSync(join(requests, api)).filter((d) => /^v\d+$/.test(d))) {
      for (const part of ['request', 'response']) {
        require(join(requests, api, version, part));
        loaded++;
      }
    }
  }
  return loaded;
}
