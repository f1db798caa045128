// A Jest reporter that records what each test file cost in CPU, not only in wall time.
//
// npm test's integration phase keeps both cores busy, so its length follows the CPU the suites
// spend, and a suite's wall time says little (it waits on Kafka, timers, or the other lane).
// With --runInBand every test file runs in this process, and the processes it starts (services,
// Chromium, builds) are reaped by it: /proc/self/stat's own (utime, stime) plus reaped children's
// (cutime, cstime) CPU, read between two files, is that file's cost. A child still running when
// its file ends (a leaked process) is counted by the file during which it exits.
//
// Writes CV_CPU_REPORT (a JSON array, most expensive first) when set; prints nothing. Linux only:
// elsewhere it records wall time alone.
const fs = require('node:fs');
const path = require('node:path');

/** Own + reaped children's CPU in seconds, or null where /proc is not there. */
function cpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces), which ends with the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14–17 of stat(5); here 0-based from field 3.
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return ticks / 100; // USER_HZ is 100 on every Linux Jest runs on
  } catch {
    return null;
  }
}

class CpuReporter {
  constructor() {
    this.out = process.env.CV_CPU_REPORT;
    this.rows = [];
    this.last = { cpu: cpuSeconds(), at: Date.now() };
  }

  onTestFileStart() {
    this.last = { cpu: cpuSeconds(), at: Date.now() };
  }

  onTestFileResult(test, result) {
    const cpu = cpuSeconds();
    this.rows.push({
      file: path.relative(process.cwd(), test.path),
      cpuSeconds: cpu === null || this.last.cpu === null ? null : Math.round((cpu - this.last.cpu) * 10) / 10,
      wallSeconds: Math.round((Date.now() - this.last.at) / 100) / 10,
      failed: result.numFailingTests,
    });
  }

  onRunComplete() {
    if (!this.out) return;
    this.rows.sort((a, b) => (b.cpuSeconds ?? b.wallSeconds) - (a.cpuSeconds ?? a.wallSeconds));
    fs.mkdirSync(path.dirname(this.out), { recursive: true });
    fs.writeFileSync(this.out, `${JSON.stringify(this.rows, null, 2)}\n`);
  }
}

module.exports = CpuReporter;
