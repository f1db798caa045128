import { Injectable } from '@nestjs/common';
import { type ArtifactSettings, type AuthUser } from '@core-vault/contracts';
import { ownerIds } from '../artifacts/artifact-access';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { PublicArtifactCache } from '../artifacts/public-cache';
import { SettingsRepository } from './settings.repository';

/**
 * The owner's artifact settings. Search-engine indexing (off by default) is copied onto each of
 * the owner's artifacts, where the sitemap and the `indexable` flag of a read find it.
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly artifacts: ArtifactsRepository,
    private readonly cache: PublicArtifactCache,
  ) {}

  async get(user: AuthUser): Promise<ArtifactSettings> {
    return { allowIndexing: await this.settings.allowsIndexing(user.id) };
  }

  /**
   * The setting first, then the artifacts: a create in between reads the new setting, and a retry
   * of a half-done change repeats it. The public reads go from the cache (their `indexable` changed).
   */
  async put(user: AuthUser, body: ArtifactSettings): Promise<ArtifactSettings> {
    await this.settings.saveAllowIndexing(user.id, body.allowIndexing, new Date());
    for (const owner of ownerIds(user)) {
      const changed = await this.artifacts.setIndexing(owner, body.allowIndexing);
      for (const artifact of changed) await this.cache.invalidate(artifact._id, artifact.rev);
    }
    return { allowIndexing: body.allowIndexing };
  }
}
