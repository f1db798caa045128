#!/usr/bin/env node
// Local infrastructure for Core Vault: Kafka, MongoDB-compatible server,
// Redis, an SMTP sink, stripe-mock and OpenSearch, installed into .cache and run from
// .local. Used as a CLI (`node tools/infra/infra.mjs up|down|status|chromium`)
// and as a library by the test runner and `npm start`:
//
//   import { up, down, status, ensureChromium } from './tools/infra/infra.mjs';
//
// Only Node built-ins here, so it works before `npm install` (the mail sink
// itself needs smtp-server and mailparser from node_modules).
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { logFile, readInfraConfig, rel } from './lib/config.mjs';
import { InfraError, ourPid, stopService, waitUntil, withLock } from './lib/proc.mjs';
import { tcpOpen } from './lib/probe.mjs';
import { ensureChromium } from './services/chromium.mjs';
import kafka from './services/kafka.mjs';
import mail from './services/mail.mjs';
import mongo from './services/mongo.mjs';
import opensearch from './services/opensearch.mjs';
import redis from './services/redis.mjs';
import stripeMock from './services/stripe-mock.mjs';

export { ensureChromium, InfraError };
export const SERVICES = [kafka, mongo, redis, mail, stripeMock, opensearch];
const ALIASES = {
  search: 'opensearch',
  os: 'opensearch',
  stripe: 'stripe-mock',
  stripemock: 'stripe-mock',
  mongodb: 'mongo',
  smtp: 'mail',
  mailapi: 'mail',
};

function select(only) {
  if (!only || only.length === 0) return SERVICES;
  const names = (Array.isArray(only) ? only : String(only).split(','))
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  return names.map((n) => {
    const svc = SERVICES.find((s) => s.name === (ALIASES[n] ?? n));
    if (!svc)
      throw new InfraError(
        'infra',
        `unknown service "${n}" (known: ${SERVICES.map((s) => s.name).join(', ')})`,
      );
    return svc;
  });
}

function describe(svc, cfg, up, pid) {
  const e = svc.endpoint(cfg);
  const d = {
    name: svc.name,
    ...e,
    state: up ? 'up' : 'down',
    startedBy: up || pid ? (pid ? 'infra' : 'external') : null,
    pid: pid ?? null,
    log: rel(logFile(svc.name)),
  };
  if (d.startedBy === 'external' && 'server' in d) d.server = 'external'; // we cannot tell what serves it
  return d;
}

const portsOf = (e) => [e.port, e.controllerPort, e.apiPort, e.httpsPort, e.transportPort].filter(Boolean);

async function upOne(svc, cfg, { log, timeoutMs }) {
  const t0 = Date.now();
  const name = svc.name;
  const timeout = timeoutMs ?? svc.readyTimeoutMs;
  const done = (pid, action) => ({ ...describe(svc, cfg, true, pid), action, ms: Date.now() - t0 });
  await svc.preflight?.();

  let pid = ourPid(name);
  if (await svc.probe(cfg)) return done(pid, 'already-running');
  const e = svc.endpoint(cfg);
  if (svc.externalOnly?.()) throw new InfraError(name, `${e.url} (from ${svc.externalVar}) does not answer`);
  if (pid) {
    // Ours but not answering yet (a parallel `up`, or still starting): wait, never start twice.
    log(`${name}: waiting for pid ${pid}`);
    await waitUntil(name, () => svc.probe(cfg), { timeoutMs: timeout, pid });
    return done(pid, 'already-running');
  }
  for (const port of portsOf(e)) {
    if (await tcpOpen(e.host, port))
      throw new InfraError(name, `port ${e.host}:${port} is taken by a program that is not ${name}`);
  }

  await svc.prepare({ cfg, log });
  log(`${name}: starting`);
  pid = await svc.start({ cfg });
  try {
    await waitUntil(name, () => svc.probe(cfg), { timeoutMs: timeout, pid });
  } catch (err) {
    await stopService(name, 2000); // do not leave a half-started process behind
    throw err;
  }
  log(`${name}: up after ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  return done(pid, 'started');
}

/**
 * Starts every selected service that is not already answering, in parallel.
 * @param {{ only?: string[]|string, timeoutMs?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ ok: true, ms: number, services: object[] }>} one entry per service:
 *   { name, host, port, url, state: 'up', startedBy: 'infra'|'external', action: 'started'|'already-running', pid, ms, log, ... }
 * @throws {InfraError} naming the first failed service (and its log); `.errors` has all, `.services` the ones that came up.
 */
export async function up({ only, timeoutMs, log = () => {} } = {}) {
  const t0 = Date.now();
  const cfg = readInfraConfig();
  const selected = select(only);
  const settled = await withLock('infra', () =>
    Promise.allSettled(selected.map((svc) => upOne(svc, cfg, { log, timeoutMs }))),
  );
  const services = settled.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  const errors = settled.filter((s) => s.status === 'rejected').map((s) => s.reason);
  if (errors.length) {
    const err =
      errors[0] instanceof InfraError
        ? errors[0]
        : new InfraError('infra', errors[0]?.message ?? String(errors[0]));
    Object.assign(err, { errors, services });
    throw err;
  }
  return { ok: true, ms: Date.now() - t0, services };
}

/**
 * Stops only the services this tool started (pid files in .local/run);
 * anything started elsewhere is left running.
 * @returns {Promise<{ services: { name, action: 'stopped'|'left-running'|'not-running', pid }[] }>}
 */
export async function down({ only } = {}) {
  const cfg = readInfraConfig();
  const selected = select(only);
  const stopOne = async (svc) => {
    const pid = ourPid(svc.name);
    if (pid) {
      await stopService(svc.name, svc.stopGraceMs);
      return { name: svc.name, action: 'stopped', pid };
    }
    return { name: svc.name, action: (await svc.probe(cfg)) ? 'left-running' : 'not-running', pid: null };
  };
  return { services: await withLock('infra', () => Promise.all(selected.map(stopOne))) };
}

/**
 * @returns {Promise<{ ok: boolean, services: { name, host, port, url, state: 'up'|'down', startedBy: 'infra'|'external'|null, pid, log }[] }>}
 *   ok is true when every selected service is up.
 */
export async function status({ only } = {}) {
  const cfg = readInfraConfig();
  const services = await Promise.all(
    select(only).map(async (svc) => describe(svc, cfg, await svc.probe(cfg), ourPid(svc.name))),
  );
  return { ok: services.every((s) => s.state === 'up'), services };
}

// ---- CLI -------------------------------------------------------------------

function line(s) {
  const ports = portsOf(s).join(',');
  const who =
    s.startedBy === 'infra'
      ? `started by infra (pid ${s.pid})`
      : s.startedBy === 'external'
        ? 'external'
        : '-';
  const extra = [s.server && `server=${s.server}`, s.action && s.action !== 'started' && s.action]
    .filter(Boolean)
    .join(' ');
  return `${s.name.padEnd(12)} ${`${s.host ?? '?'}:${ports}`.padEnd(24)} ${s.state.padEnd(5)} ${who}${extra ? `  ${extra}` : ''}`;
}

function parseArgs(argv) {
  const opts = { only: undefined, json: false, timeoutMs: undefined };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--only') opts.only = value();
    else if (flag === '--timeout') opts.timeoutMs = Number(value()) * 1000;
    else if (flag === '--json') opts.json = true;
    else rest.push(a);
  }
  // `up opensearch kafka` is the same as `up --only opensearch,kafka`.
  if (rest.length > 1 && opts.only === undefined) opts.only = rest.slice(1).join(',');
  return { cmd: rest[0], opts };
}

const USAGE = `usage: node tools/infra/infra.mjs <up|down|status|chromium> [service…] [--only kafka,mongo,redis,mail,stripe-mock,opensearch] [--timeout SECONDS] [--json]`;

async function main(argv) {
  const { cmd, opts } = parseArgs(argv);
  const out = (result, fmt) => console.log(opts.json ? JSON.stringify(result, null, 2) : fmt);
  switch (cmd) {
    case 'up': {
      const r = await up({ ...opts, log: (l) => console.error(`infra: ${l}`) });
      return out(r, `${r.services.map(line).join('\n')}\nall up in ${(r.ms / 1000).toFixed(1)}s`);
    }
    case 'down': {
      const r = await down(opts);
      return out(
        r,
        r.services.map((s) => `${s.name.padEnd(12)} ${s.action}${s.pid ? ` (pid ${s.pid})` : ''}`).join('\n'),
      );
    }
    case 'status': {
      const r = await status(opts);
      return out(r, r.services.map(line).join('\n'));
    }
    case 'chromium':
      return console.log(await ensureChromium());
    default:
      console.error(USAGE);
      process.exitCode = cmd ? 2 : 0;
  }
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (isMain) {
  main(process.argv.slice(2)).catch((err) => {
    for (const e of err.errors ?? [err]) console.error(`infra: ${e.message}`);
    process.exit(1);
  });
}
