// The services lane's own Kafka broker (npm test, local infrastructure path).
//
// Every service of every stack reads every event on the topics it consumes, whoever produced
// it: with one broker, the services lane's apps consumed the stacks lane's events and the other
// way round — each one an idempotency check and mark in the database and a handler's lookups for
// users of another stack, CPU the run is short of (docs/reference/infrastructure.md, "Where npm
// test spends its time"). A broker per lane keeps each lane's events to itself. Started the way
// the durability suites start their private infrastructure: tools/infra with a config of its own.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a second broker; its address (for KAFKA_BROKERS) and how to stop it. */
export async function startLaneKafka(root) {
  const dir = join(root, '.local', 'lane-kafka');
  // A clean broker every run: nothing of an earlier run's topics or offsets.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const shared = JSON.parse(
    readFileSync(process.env.INFRA_CONFIG ?? join(root, 'config/local.json'), 'utf8'),
  );
  const kafka = { ...shared.infra.kafka, port: await freePort(), controllerPort: await freePort() };
  const configFile = join(dir, 'config.json');
  writeFileSync(configFile, JSON.stringify({ ...shared, infra: { ...shared.infra, kafka } }, null, 2));
  const env = { ...process.env, INFRA_CONFIG: configFile, INFRA_LOCAL: dir };
  delete env.MONGO_URL; // never makes the infra tool treat another service as external
  const infra = (command) =>
    execFileAsync(process.execPath, [join(root, 'tools/infra/infra.mjs'), command, '--only', 'kafka'], {
      env,
      cwd: root,
      timeout: 180_000,
    });
  await infra('up');
  return {
    brokers: `${kafka.host}:${kafka.port}`,
    stop: () =>
      infra('down').then(
        () => undefined,
        (err) => console.error(`the services lane's Kafka did not stop: ${err.message}`),
      ),
  };
}
