import { Inject, Injectable } from '@nestjs/common';
import { type Readable } from 'node:stream';
import { type Logger } from 'pino';
import {
  type AuthUser,
  type ImportReport,
  type ImportRunLine,
  type ImportSourcePreview,
  type ImportSourceQuery,
  IMPORT_SOURCE_LIMITS as L,
  IMPORT_SOURCE_MESSAGES as M,
  type PreviewItem,
  ARTIFACT_LIMITS,
} from '@core-vault/contracts';
import { APP_CONFIG, LOGGER, OutboxRelayService, outboxOnCreate } from '@core-vault/platform';
import { ownerIds } from '../artifacts/artifact-access';
import { ArtifactEvents } from '../artifacts/artifact-events';
import { type ArtifactDoc } from '../artifacts/artifact.schema';
import { planImport } from '../portability/import-plan';
import { SettingsRepository } from '../settings/settings.repository';
import { type ArtifactsConfig } from '../config';
import { fetchGist } from './fetch-gist';
import { ImportSourceException } from './import-sources.exception';
import { ImportSourcesRepository, contentHash } from './import-sources.repository';
import { type OpenedSource, openSource } from './read-source';
import { type SourceItem } from './source-item';
import { type Upload, receive } from './upload';

/** Artifacts written per database round trip (and per progress line). */
export const IMPORT_WRITE_BATCH = 50;

/** Writes one NDJSON line of the run, resolving when the reader has room (backpressure). */
export type RunSink = (line: ImportRunLine) => Promise<void>;

interface Plan {
  source: OpenedSource['source'];
  fileHash: string;
  items: PreviewItem[];
}

/**
 * Imports from Claude's and ChatGPT's data exports, GitHub gists, folders and zips (#35 point 3,
 * docs/guides/imports.md). The file lands on local disk first; every reading of it is a stream
 * (one conversation, one zip entry at a time), so memory stays bounded whatever its size.
 */
@Injectable()
export class ImportSourcesService {
  constructor(
    private readonly repo: ImportSourcesRepository,
    private readonly events: ArtifactEvents,
    private readonly settings: SettingsRepository,
    private readonly relay: OutboxRelayService,
    @Inject(APP_CONFIG) private readonly config: ArtifactsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** What the file would import, with duplicates and errors per item; nothing is written. */
  async preview(user: AuthUser, body: Readable, query: ImportSourceQuery): Promise<ImportSourcePreview> {
    return this.withSource(body, query, async (upload, source) => {
      const plan = await this.plan(user, upload, source);
      return {
        source: plan.source,
        fileHash: plan.fileHash,
        items: plan.items,
        counts: countsOf(plan.items),
      };
    });
  }

  /**
   * Opens a run: the file is received and read whole (the same plan as the preview) before
   * anything is written, so a file that breaks halfway writes nothing; a file other than the
   * previewed one (`expect`) is refused. `writeTo` then stores the importable items in batches,
   * a progress line after each, and ends with the report.
   */
  async openRun(
    user: AuthUser,
    body: Readable,
    query: ImportSourceQuery,
  ): Promise<{ writeTo: (write: RunSink) => Promise<void> }> {
    const upload = await this.receiveSource(body, query);
    let source: OpenedSource | undefined;
    try {
      if (query.expect && query.expect !== upload.hash) throw ImportSourceException.fileChanged();
      source = await openSource(upload.path, query.source, query.filename);
      const plan = await this.plan(user, upload, source);
      const opened = source;
      return {
        writeTo: async (write) => {
          try {
            await this.write(user, opened, plan, write);
          } finally {
            opened.close();
            await upload.dispose();
          }
        },
      };
    } catch (err) {
      source?.close();
      await upload.dispose();
      throw err;
    }
  }

  private async withSource<T>(
    body: Readable,
    query: ImportSourceQuery,
    use: (upload: Upload, source: OpenedSource) => Promise<T>,
  ): Promise<T> {
    const upload = await this.receiveSource(body, query);
    try {
      const source = await openSource(upload.path, query.source, query.filename);
      try {
        return await use(upload, source);
      } finally {
        source.close();
      }
    } finally {
      await upload.dispose();
    }
  }

  /** The request's file, or the gist named by `gist` (fetched from the configured API). */
  private receiveSource(body: Readable, query: ImportSourceQuery): Promise<Upload> {
    if (query.gist) return fetchGist(this.config.GITHUB_API_URL, query.gist);
    return receive(body, L.uploadMaxBytes);
  }

  /** Every item with its hash and its fate: duplicate (of the vault, of the file), error, or new. */
  private async plan(user: AuthUser, upload: Upload, source: OpenedSource): Promise<Plan> {
    const existing = await this.repo.contentHashes(ownerIds(user));
    const seen = new Set<string>();
    const items: PreviewItem[] = [];
    for await (const item of source.items()) {
      if (items.length >= L.itemsMax) throw ImportSourceException.unreadable(M.tooManyItems);
      const hash = item.error ? '' : contentHash(item.content);
      const duplicate = item.error
        ? null
        : existing.has(hash)
          ? 'existing'
          : seen.has(hash)
            ? 'import'
            : null;
      if (hash) seen.add(hash);
      items.push({
        index: items.length,
        title: item.title,
        type: item.type,
        size: item.content.length,
        hash,
        origin: item.origin.slice(0, 300),
        duplicate,
        error: item.error ?? null,
        note: item.note ?? null,
      });
    }
    return { source: source.source, fileHash: upload.hash, items };
  }

  private async write(user: AuthUser, source: OpenedSource, plan: Plan, write: RunSink): Promise<void> {
    const started = Date.now();
    const indexing = await this.settings.allowsIndexing(user.id);
    const importable = plan.items.filter((i) => !i.error && !i.duplicate);
    const report: ImportReport = {
      imported: 0,
      skippedDuplicates: plan.items.filter((i) => i.duplicate).length,
      failed: 0,
      failures: [],
      ids: [],
      durationMs: 0,
      writeMs: 0,
    };
    const fail = (item: PreviewItem, reason: string) => {
      report.failed++;
      if (report.failures.length < L.reportFailuresMax)
        report.failures.push({ index: item.index, title: item.title, reason });
    };
    for (const item of plan.items) if (item.error) fail(item, item.error);
    await write({ progress: { done: 0, total: importable.length } });

    let batch: { item: PreviewItem; doc: ArtifactDoc }[] = [];
    let processed = 0;
    const store = async (current: { item: PreviewItem; doc: ArtifactDoc }[]) => {
      const at = Date.now();
      const stored = await this.repo.insertArtifacts(current.map((b) => b.doc));
      report.writeMs += Date.now() - at;
      processed += current.length;
      for (const b of current)
        if (stored.has(b.doc._id)) {
          report.imported++;
          report.ids.push(b.doc._id);
        } else fail(b.item, NOT_STORED);
      this.relay.nudge();
      await write({ progress: { done: processed, total: importable.length } });
    };
    // One write in flight while the next batch is read and rendered: the file's reading (CPU)
    // overlaps the database's work, and memory holds at most two batches.
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      if (!batch.length) return;
      const current = batch;
      batch = [];
      await writing;
      writing = store(current);
    };
    let index = 0;
    try {
      for await (const found of source.items()) {
        const item = plan.items[index++];
        if (!item || item.error || item.duplicate) continue;
        // The second reading must match the plan (same bytes, same reader): anything else is a bug.
        if (contentHash(found.content) !== item.hash) {
          processed++;
          fail(item, NOT_STORED);
          continue;
        }
        batch.push({ item, doc: this.documentOf(user, found, indexing) });
        if (batch.length >= IMPORT_WRITE_BATCH) await flush();
      }
      await flush();
    } catch (err) {
      // The batch in flight lands or not on its own; the error that stopped the reading is the one.
      await writing.catch(() => undefined);
      throw err;
    }
    await writing;
    report.durationMs = Date.now() - started;
    this.logger.info(
      {
        imported: report.imported,
        failed: report.failed,
        skipped: report.skippedDuplicates,
        source: plan.source,
      },
      'import from source done',
    );
    await write({ report });
  }

  /** The artifact an item becomes: exactly what the export import stores (planImport). */
  private documentOf(user: AuthUser, item: SourceItem, indexing: boolean): ArtifactDoc {
    const description = `Imported from ${item.origin}`.slice(0, ARTIFACT_LIMITS.descriptionMaxChars);
    const { artifact } = planImport(
      user,
      {
        title: item.title,
        type: item.type,
        content: item.content,
        description,
        tags: item.tags,
        ...(item.createdAt ? { createdAt: item.createdAt } : {}),
        ...(item.updatedAt ? { updatedAt: item.updatedAt } : {}),
      },
      indexing,
    );
    return { ...artifact, ...outboxOnCreate([this.events.created(artifact)]) };
  }
}

const NOT_STORED = 'It could not be stored. Nothing of it was kept; please try again.';

function countsOf(items: readonly PreviewItem[]): ImportSourcePreview['counts'] {
  const errors = items.filter((i) => i.error).length;
  const duplicates = items.filter((i) => i.duplicate).length;
  return { total: items.length, importable: items.length - errors - duplicates, duplicates, errors };
}
