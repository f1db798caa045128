// Jest's own ordering (failures first, then the longest suites by the last run's timings, else
// by file size), with the suites that need a tool `npm test` is still building in the background
// moved to the end of their lane. The integration lanes then start as soon as the unit phase
// ends instead of waiting for the deploy tools (helm is a few minutes of Go build on a new
// machine); by the time the chart suite runs, the tools are there, or it waits on their lock.
const Sequencer = require('@jest/test-sequencer').default;

/** Path endings of the suites that use what tools/scripts/test.mjs prepares in the background. */
const LATE = ['/deploy/src/chart.int-spec.ts'];

const isLate = (test) => LATE.some((end) => test.path.split('\\').join('/').endsWith(end));

class LateSuitesSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return [...sorted.filter((t) => !isLate(t)), ...sorted.filter(isLate)];
  }
}

module.exports = LateSuitesSequencer;
