import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import {
  type AuthUser,
  type ExportedRuntime,
  type ImportArtifactsBody,
  type ImportArtifactsResult,
  type ImportResult,
} from '@core-vault/contracts';
import { LOGGER, OutboxRelayService, outboxOnCreate } from '@core-vault/platform';
import { ownerIds } from '../artifacts/artifact-access';
import { LIST_ORDERS, type ListPosition, positionOf } from '../artifacts/list-order';
import { ArtifactEvents } from '../artifacts/artifact-events';
import { publishedVersions } from '../artifacts/version-visibility';
import {
  EXPORT_ARTIFACT_END,
  collectionNamesById,
  exportHead,
  exportTrailer,
  exportVersion,
} from './export-format';
import { RuntimePortability } from '../runtime/runtime-portability';
import { SettingsRepository } from '../settings/settings.repository';
import { planImport } from './import-plan';
import { type ExportSource, PortabilityRepository } from './portability.repository';

/** Writes one piece of the export, resolving when the reader has room for more (backpressure). */
export type ExportSink = (chunk: string) => Promise<void>;

/** Artifacts per export query: ~20 × 10–30 KB typical, 20 × 500,000 characters at most. */
export const EXPORT_BATCH = 20;

/** Export and import of a user's artifacts with their history. */
@Injectable()
export class PortabilityService {
  constructor(
    private readonly repo: PortabilityRepository,
    private readonly events: ArtifactEvents,
    private readonly settings: SettingsRepository,
    private readonly relay: OutboxRelayService,
    private readonly runtime: RuntimePortability,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Opens the export of every live artifact of the caller (their migrated-from id too, as the
   * list route): what can fail early (collections, the count) is read before the first byte, so
   * a failure there is still an ordinary error answer. `total` is the count when the export began:
   * progress for the SPA (the X-Export-Total header); the trailer's count is what was written.
   */
  async openExport(
    user: AuthUser,
  ): Promise<{ total: number; writeTo: (write: ExportSink) => Promise<void> }> {
    const owners = ownerIds(user);
    const [collections, total] = await Promise.all([
      this.repo.listCollections(owners),
      this.repo.countArtifacts(owners),
    ]);
    const names = collectionNamesById(collections);
    return { total, writeTo: (write) => this.writeExport(owners, names, write, user.id) };
  }

  /**
   * Oldest first, each artifact with its collections and kept versions, then the trailer, in
   * keyset batches of EXPORT_BATCH. Memory: one batch of artifacts plus one version, whatever the
   * account holds; each write waits until the reader has room (backpressure).
   */
  private async writeExport(
    owners: readonly string[],
    names: ReadonlyMap<string, readonly string[]>,
    write: ExportSink,
    userId: string,
  ): Promise<void> {
    let count = 0;
    let totalViews = 0;
    let after: ListPosition | null = null;
    for (;;) {
      const batch = await this.repo.artifactBatch(owners, after, EXPORT_BATCH);
      for (const doc of batch) {
        const runtime = await this.runtime.exportOf(doc._id, userId);
        await write(exportHead(doc, names.get(doc._id) ?? [], runtime));
        // Earlier versions exist only below the current one: most artifacts (version 1) need no query.
        if (doc.version > 1) await this.writeVersions(doc, write);
        await write(EXPORT_ARTIFACT_END);
        count++;
        totalViews += doc.viewCount ?? 0;
      }
      const last = batch.at(-1);
      if (batch.length < EXPORT_BATCH || !last) break;
      after = positionOf(LIST_ORDERS.oldest, last);
    }
    await write(exportTrailer(count, totalViews));
  }

  /** One artifact's kept versions, oldest first, one in memory at a time; each says if it is published. */
  private async writeVersions(doc: ExportSource, write: ExportSink): Promise<void> {
    const versions = this.repo.versionCursor(doc._id);
    const published = publishedVersions(doc);
    try {
      let first = true;
      for await (const v of versions) {
        await write(exportVersion(v, first, published.includes(v.version)));
        first = false;
      }
    } finally {
      await versions.close();
    }
  }

  /**
   * Each artifact of the (already validated) batch lands whole or not at all, with the created
   * event of an upload in its outbox; one that fails to store is reported and the rest go on.
   */
  async import(user: AuthUser, body: ImportArtifactsBody): Promise<ImportArtifactsResult> {
    const owners = ownerIds(user);
    const indexing = await this.settings.allowsIndexing(user.id);
    const results: ImportResult[] = [];
    for (const [index, item] of body.artifacts.entries()) {
      const plan = planImport(user, item, indexing);
      const base = { index, sourceId: item.id ?? null, title: plan.artifact.title };
      try {
        await this.repo.insertWithVersions(
          { ...plan.artifact, ...outboxOnCreate([this.events.created(plan.artifact)]) },
          plan.versions,
        );
      } catch (err) {
        this.logger.warn({ err, index }, 'import: artifact not stored');
        results.push({
          ...base,
          status: 'failed',
          id: null,
          versions: 0,
          omittedVersions: 0,
          message: NOT_STORED,
        });
        continue;
      }
      const skipped = item.runtime ? await this.restoreRuntime(plan.artifact._id, user.id, item.runtime) : 0;
      const missing: string[] = [];
      for (const name of item.collections ?? [])
        if (!(await this.repo.addToCollectionNamed(user.id, owners, name, plan.artifact._id)))
          missing.push(name);
      const partial = plan.omittedVersions > 0;
      const messages = [
        ...(partial ? [omittedMessage(plan.omittedVersions)] : []),
        ...(missing.length ? [collectionsMessage(missing)] : []),
        ...(skipped ? [storageMessage(skipped)] : []),
      ];
      results.push({
        ...base,
        status: partial ? 'partial' : 'imported',
        id: plan.artifact._id,
        versions: plan.versions.length + 1,
        omittedVersions: plan.omittedVersions,
        message: messages.length ? messages.join(' ') : null,
      });
    }
    this.relay.nudge();
    return { results };
  }

  /** The artifact is stored already: runtime data that fails to land is reported, not fatal. */
  private async restoreRuntime(
    artifactId: string,
    userId: string,
    runtime: ExportedRuntime,
  ): Promise<number> {
    try {
      return await this.runtime.importInto(artifactId, userId, runtime);
    } catch (err) {
      this.logger.warn({ err }, 'import: runtime data not stored');
      return (runtime.shared?.length ?? 0) + (runtime.personal?.length ?? 0);
    }
  }
}

const NOT_STORED = 'It could not be stored. Nothing of it was kept; please try again.';
const omittedMessage = (n: number) =>
  `Imported without its ${n} oldest ${n === 1 ? 'version' : 'versions'}: together they are larger than one import request.`;
const storageMessage = (n: number) =>
  `${n} stored ${n === 1 ? 'value was' : 'values were'} left out: ${n === 1 ? 'it breaks' : 'they break'} the storage limits.`;
const collectionsMessage = (names: string[]) =>
  `Not added to ${names.map((n) => `"${n}"`).join(', ')}: the collection limit was reached.`;
