// SMTP sink with an HTTP API (tools/infra/mail-sink/server.mjs), one Node
// process serving both ports. Needs smtp-server and mailparser from the
// repo's node_modules.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { INFRA_DIR, ROOT } from '../lib/config.mjs';
import { InfraError, spawnService } from '../lib/proc.mjs';
import { httpGet } from '../lib/probe.mjs';

const SERVER = join(INFRA_DIR, 'mail-sink/server.mjs');

export default {
  name: 'mail',
  endpoint: ({ smtp, mailApi }) => ({
    host: smtp.host,
    port: smtp.port,
    url: `smtp://${smtp.host}:${smtp.port}`,
    apiPort: mailApi.port,
    apiUrl: `http://${mailApi.host}:${mailApi.port}`,
  }),
  async probe({ mailApi }) {
    const res = await httpGet(`http://${mailApi.host}:${mailApi.port}/healthz`);
    return res?.status === 200 && res.body.includes('"ok":true');
  },
  readyTimeoutMs: 15_000,
  stopGraceMs: 3_000,

  async prepare() {
    const req = createRequire(join(ROOT, 'package.json'));
    for (const pkg of ['smtp-server', 'mailparser']) {
      try {
        req.resolve(pkg);
      } catch {
        throw new InfraError('mail', `npm package ${pkg} is missing from node_modules; run npm install`);
      }
    }
  },

  start: () => spawnService('mail', process.execPath, [SERVER]),
};
