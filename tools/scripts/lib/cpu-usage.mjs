// How busy the machine's cores were over a stretch of `npm test`: read from /proc/stat (Linux)
// at its start and end. It tells a phase bound by CPU (adding parallelism gains nothing) from one
// that waits (a lane more would shorten it). Elsewhere it says nothing rather than guess.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** The first line of /proc/stat: jiffies of all cores, and those of them idle or waiting on I/O. */
function sample() {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user/nice)
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { total, idle: fields[3] + fields[4] };
  } catch {
    return null;
  }
}

/** Starts a measurement; `end()` returns e.g. "CPU 87 % busy of 2 cores", or '' without /proc. */
export function cpuUsage() {
  const start = sample();
  return {
    end() {
      const now = sample();
      if (!start || !now || now.total <= start.total) return '';
      const busy = 1 - (now.idle - start.idle) / (now.total - start.total);
      return `CPU ${Math.round(busy * 100)} % busy of ${cpus().length} cores`;
    },
  };
}
