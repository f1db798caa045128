#!/usr/bin/env node
// Strict TypeScript everywhere, tests included: build the project references, then check each
// project's spec config (which also covers *.spec.ts and *.int-spec.ts) and the SPA.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { bin, root, run } from './lib/workspace.mjs';

const configs = ['apps', 'libs'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .map((p) => join(dir, p, 'tsconfig.spec.json'))
    .filter((p) => existsSync(join(root, p))),
);
let failed = (await run(bin('tsc'), ['-b', 'tsconfig.build.json'])) !== 0;
for (const config of [...configs, 'apps/web/tsconfig.json', 'deploy/tsconfig.json']) {
  if ((await run(bin('tsc'), ['-p', config, '--noEmit'])) !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
