// Root Jest entry: every Node project's unit and integration suites in one run.
// JEST_KIND=unit|int narrows it (tools/scripts/test.mjs runs them as separate phases).
const fs = require('node:fs');
const path = require('node:path');
const preset = require('./jest.preset');

const kinds = process.env.JEST_KIND ? [process.env.JEST_KIND] : ['unit', 'int'];
const dirs = ['apps', 'libs']
  .flatMap((d) => fs.readdirSync(path.join(__dirname, d)).map((p) => path.join(__dirname, d, p)))
  .concat([path.join(__dirname, 'deploy')])
  .filter((p) => fs.existsSync(path.join(p, 'jest.config.js')));

module.exports = {
  projects: dirs.flatMap((dir) => kinds.map((kind) => preset(dir, kind))),
  testSequencer: path.join(__dirname, 'tools/jest/late-suites.sequencer.js'),
  // CPU per test file (tools/jest/cpu-reporter.js) when CV_CPU_REPORT names a file.
  reporters: [
    'default',
    ...(process.env.CV_CPU_REPORT ? [path.join(__dirname, 'tools/jest/cpu-reporter.js')] : []),
  ],
};
