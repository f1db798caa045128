// A CPU profile of another Node process over one stretch of a benchmark only (not its start-up or
// seeding, which --cpu-prof would mix in): the process runs with --inspect on a loopback port and
// the bench drives its profiler over the DevTools protocol around the calls it wants profiled.
// Node 22's global WebSocket is the client; nothing to install.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Node's flag for a child to profile later: its inspector on 127.0.0.1:`port`. */
export const inspectArgs = (port) => [`--inspect=127.0.0.1:${port}`];

async function connect(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', reject, { once: true });
  });
  let next = 0;
  const waiting = new Map();
  ws.addEventListener('message', ({ data }) => {
    const msg = JSON.parse(String(data));
    const call = waiting.get(msg.id);
    if (!call) return;
    waiting.delete(msg.id);
    if (msg.error) call.reject(new Error(`${msg.error.message} (${msg.error.code})`));
    else call.resolve(msg.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

/**
 * Runs `fn` while the process behind the inspector `port` is profiled (sampling every
 * `intervalUs`), writes the profile to `file` (open it in Chrome DevTools, or summarise it with
 * tools/bench/cpu-profile-summary.mjs) and returns what `fn` returned.
 */
export async function profiled(port, file, fn, intervalUs = 200) {
  const inspector = await connect(port);
  try {
    await inspector.send('Profiler.enable');
    await inspector.send('Profiler.setSamplingInterval', { interval: intervalUs });
    await inspector.send('Profiler.start');
    const result = await fn();
    const { profile } = await inspector.send('Profiler.stop');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(profile));
    return result;
  } finally {
    inspector.close();
  }
}
