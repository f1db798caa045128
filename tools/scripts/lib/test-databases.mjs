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

/**
 * Drops one database; when the server refuses (mongo-java-server's H2 store failed a whole-database
 * drop with "Expected [H2UniqueIndex[name=_id_], OrderedIndex[name=at_1]] to be empty" in a CI
 * run), its collections one by one, then the database again.
 */
async function drop(db) {
  try {
    await db.dropDatabase();
  } catch {
    for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray())
      await db.dropCollection(name).catch(() => undefined);
    await db.dropDatabase();
  }
}

/**
 * Drops the test databases that are not in `before`; resolves with their names. One that cannot
 * be dropped does not keep the others: the error names each one left.
 */
export function dropNewTestDatabases(url, before) {
  const existed = new Set(before);
  return withClient(url, async (client) => {
    const names = (await client.db('admin').admin().listDatabases({ nameOnly: true })).databases
      .map((d) => d.name)
      .filter((name) => isTestDatabase(name) && !existed.has(name));
    const left = [];
    for (const name of names)
      await drop(client.db(name)).catch((err) => left.push(`${name} (${err.message.slice(0, 200)})`));
    if (left.length)
      throw new Error(`dropped ${names.length - left.length} of ${names.length}; left: ${left.join('; ')}`);
    return names;
  });
}
