// stripe-mock (Stripe's official API mock) built from the Go module proxy.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN_DIR, logFile } from '../lib/config.mjs';
import { goEnv } from '../lib/go.mjs';
import { run, spawnService } from '../lib/proc.mjs';
import { httpGet } from '../lib/probe.mjs';

const MODULE = 'github.com/stripe/stripe-mock';
const VERSION = 'v0.203.0';
const BIN = join(BIN_DIR, 'stripe-mock');
const STAMP = join(BIN_DIR, 'stripe-mock.version');

export default {
  name: 'stripe-mock',
  endpoint: ({ stripeMock: s }) => ({
    host: s.host,
    port: s.port,
    url: `http://${s.host}:${s.port}`,
    httpsPort: s.httpsPort,
  }),
  async probe({ stripeMock: s }) {
    const res = await httpGet(`http://${s.host}:${s.port}/v1/customers`, {
      Authorization: 'Bearer sk_test_123',
    });
    return res?.status === 200 && res.body.includes('"object"');
  },
  readyTimeoutMs: 30_000,
  stopGraceMs: 5_000,

  async prepare({ log: say }) {
    const built = existsSync(BIN) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === VERSION;
    if (built) return;
    say(`stripe-mock: building ${VERSION}`);
    await run('go', ['install', `${MODULE}@${VERSION}`], {
      env: goEnv('stripe-mock'),
      log: logFile('stripe-mock-install'),
      service: 'stripe-mock',
    });
    writeFileSync(STAMP, VERSION + '\n');
  },

  // Both listeners explicitly on loopback (stripe-mock binds all interfaces by default).
  start: ({ cfg: { stripeMock: s } }) =>
    spawnService('stripe-mock', BIN, [
      '-http-addr',
      `${s.host}:${s.port}`,
      '-https-addr',
      `${s.host}:${s.httpsPort}`,
    ]),
};
