// The integration suites give every run its own databases (cv_test_*, cv_e2e_*). The local
// MongoDB-compatible server keeps data on disk, so without cleanup each `npm test` would leave
// them in the same store as the user's own data (`npm start`) for good. Only databases that
// appeared during this run and carry a test prefix are dropped; the user's core_vault_* never.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './workspace.mjs';

const TEST_PREFIXES = ['cv_test_', 'cv_e2e_', 'infra_check_'];

export const isTestDatabase = (name) => TEST_PREFIXES.some((p) => name.startsWith(p));

async function withClient(url, fn) {
  const { MongoClient } = createRequire(join(root, 'package.json'))('mongodb');
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.close();
  }
}

export function listDatabases(url) {
  return withClient(url, async (client) =>
    (await client.db('admin').admin().listDatabases({ nameOnly: true })).databases.map((d) => d.name),
  );
}

/** Drops the test databases that are not in `before`; resolves with their names. */
export function dropNewTestDatabases(url, before) {
  const existed = new Set(before);
  return withClient(url, async (client) => {
    const names = (await client.db('admin').admin().listDatabases({ nameOnly: true })).databases
      .map((d) => d.name)
      .filter((name) => isTestDatabase(name) && !existed.has(name));
    for (const name of names) await client.db(name).dropDatabase();
    return names;
  });
}
