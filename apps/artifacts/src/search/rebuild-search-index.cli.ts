/**
 * `npm run search:rebuild`: rebuilds the search index from MongoDB (the source of truth) into a
 * fresh concrete index and moves the alias to it atomically; searches keep being answered from
 * the old index until then. Reads the artifacts service's configuration (env, or the local
 * defaults outside production). Prints progress; exits non-zero on failure. Safe to run while the
 * service is up: its consumer and the rebuild both write external versions.
 */
import 'reflect-metadata';
import mongoose from 'mongoose';
import { loadConfig } from '@core-vault/platform';
import { ARTIFACT_MODEL, type ArtifactDoc, artifactSchema } from '../artifacts/artifact.schema';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { artifactsConfigSchema } from '../config';
import { createOpenSearchClient, engineForDisplay, openSearchSettings } from './opensearch.client';
import { SearchIndexAdmin } from './search-index.admin';
import { ArtifactSearchRepository } from './search.repository';
import { RebuildSearchIndexCommand } from './usecases/rebuild-search-index/rebuild-search-index.command';
import { RebuildSearchIndex } from './usecases/rebuild-search-index/rebuild-search-index.usecase';

const print = (line: string): void => void process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const config = loadConfig('artifacts', artifactsConfigSchema);
  const alias = config.SEARCH_INDEX;
  // No index building from here: the service owns the collection's indexes.
  const connection = await mongoose
    .createConnection(config.MONGO_URL, { dbName: config.MONGO_DB, autoIndex: false })
    .asPromise();
  const client = createOpenSearchClient(openSearchSettings(config));
  const started = Date.now();
  try {
    const rebuild = new RebuildSearchIndex(
      new ArtifactsRepository(connection.model<ArtifactDoc>(ARTIFACT_MODEL, artifactSchema)),
      new ArtifactSearchRepository(client, alias),
      new SearchIndexAdmin(client, alias),
    );
    print(`search:rebuild: ${config.MONGO_DB} → ${alias} on ${engineForDisplay(config.OPENSEARCH_URL)}`);
    const report = await rebuild.execute(
      RebuildSearchIndexCommand.create({ onProgress: (n) => print(`  ${n} artifacts indexed`) }),
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    print(
      `search:rebuild: done in ${seconds} s — ${report.indexed} artifacts in ${report.index}` +
        ` (${report.caughtUp} changed meanwhile, re-applied); alias ${alias} → ${report.index}` +
        (report.replaced.length ? `; dropped ${report.replaced.join(', ')}` : ''),
    );
    return 0;
  } catch (err) {
    process.stderr.write(`search:rebuild failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  } finally {
    await client.close().catch(() => undefined);
    await connection.close().catch(() => undefined);
  }
}

void main().then((code) => {
  process.exitCode = code;
});
