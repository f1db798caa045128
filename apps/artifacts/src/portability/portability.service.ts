import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from 'pino';
import {
  type AuthUser,
  type ImportArtifactsBody,
  type ImportArtifactsResult,
  type ImportResult,
} from '@core-vault/contracts';
import { LOGGER, OutboxRelayService, outboxOnCreate } from '@core-vault/platform';
import { ownerIds } from '../artifacts/artifact-access';
import { ArtifactEvents } from '../artifacts/artifact-events';
import {
  EXPORT_ARTIFACT_END,
  collectionNamesById,
  exportHead,
  exportTrailer,
  exportVersion,
} from './export-format';
import { SettingsRepository } from '../settings/settings.repository';
import { planImport } from './import-plan';
import { PortabilityRepository } from './portability.repository';

/** Writes one piece of the export, resolving when the reader has room for more (backpressure). */
export type ExportSink = (chunk: string) => Promise<void>;

/** Export and import of a user's artifacts with their history. */
@Injectable()
export class PortabilityService {
  constructor(
    private readonly repo: PortabilityRepository,
    private readonly events: ArtifactEvents,
    private readonly settings: SettingsRepository,
    private readonly relay: OutboxRelayService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Every live artifact of the caller (their migrated-from id too, as the list route), oldest
   * first, each with its collections and kept versions, then the trailer. Memory: one artifact's
   * current state plus one version, whatever the account holds.
   */
  async exportTo(user: AuthUser, write: ExportSink): Promise<void> {
    const owners = ownerIds(user);
    const names = collectionNamesById(await this.repo.listCollections(owners));
    const artifacts = this.repo.artifactCursor(owners);
    let count = 0;
    let totalViews = 0;
    try {
      for await (const doc of artifacts) {
        await write(exportHead(doc, names.get(doc._id) ?? []));
        const versions = this.repo.versionCursor(doc._id);
        try {
          let first = true;
          for await (const v of versions) {
            await write(exportVersion(v, first));
            first = false;
          }
        } finally {
          await versions.close();
        }
        await write(EXPORT_ARTIFACT_END);
        count++;
        totalViews += doc.viewCount ?? 0;
      }
    } finally {
      await artifacts.close();
    }
    await write(exportTrailer(count, totalViews));
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
      const missing: string[] = [];
      for (const name of item.collections ?? [])
        if (!(await this.repo.addToCollectionNamed(user.id, owners, name, plan.artifact._id)))
          missing.push(name);
      const partial = plan.omittedVersions > 0;
      const messages = [
        ...(partial ? [omittedMessage(plan.omittedVersions)] : []),
        ...(missing.length ? [collectionsMessage(missing)] : []),
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
}

const NOT_STORED = 'It could not be stored. Nothing of it was kept; please try again.';
const omittedMessage = (n: number) =>
  `Imported without its ${n} oldest ${n === 1 ? 'version' : 'versions'}: together they are larger than one import request.`;
const collectionsMessage = (names: string[]) =>
  `Not added to ${names.map((n) => `"${n}"`).join(', ')}: the collection limit was reached.`;
