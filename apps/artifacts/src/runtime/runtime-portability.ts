import { Injectable } from '@nestjs/common';
import { type ExportedRuntime, RUNTIME_LIMITS as L, storageKeyProblem } from '@core-vault/contracts';
import { RuntimeStorageRepository, type StoreRef } from './runtime-storage.repository';
import { SHARED_USER } from './runtime.schema';
import { entryBytes } from './storage-rules';

/**
 * An artifact's runtime data in the owner's export and import: its settings, its shared store and
 * the owner's own personal store (other viewers' personal data is theirs, never in the owner's file).
 */
@Injectable()
export class RuntimePortability {
  constructor(private readonly repo: RuntimeStorageRepository) {}

  /** Null when the artifact has no runtime data (its export line stays as before). */
  async exportOf(artifactId: string, ownerId: string): Promise<ExportedRuntime | null> {
    const [settings, shared, personal] = await Promise.all([
      this.repo.getSettings(artifactId),
      this.repo.entriesOf({ artifactId, scope: 'shared', userId: SHARED_USER }),
      this.repo.entriesOf({ artifactId, scope: 'personal', userId: ownerId }),
    ]);
    if (!settings && shared.length === 0 && personal.length === 0) return null;
    return {
      ...(settings
        ? { settings: { anonymousSharedWrites: settings.anonymousSharedWrites, aiCalls: settings.aiCalls } }
        : {}),
      ...(shared.length ? { shared } : {}),
      ...(personal.length ? { personal } : {}),
    };
  }

  /**
   * Restores it into a newly imported artifact. Entries are written as storage writes are (key
   * rules, 5 MB per value, 20 MB per store); one that breaks them is left out and counted.
   */
  async importInto(artifactId: string, ownerId: string, runtime: ExportedRuntime): Promise<number> {
    if (runtime.settings) await this.repo.updateSettings(artifactId, ownerId, runtime.settings);
    let skipped = 0;
    const stores: [StoreRef, { key: string; value: string }[]][] = [
      [{ artifactId, scope: 'shared', userId: SHARED_USER }, runtime.shared ?? []],
      [{ artifactId, scope: 'personal', userId: ownerId }, runtime.personal ?? []],
    ];
    for (const [store, entries] of stores)
      for (const { key, value } of entries) {
        const fits = !storageKeyProblem(key) && Buffer.byteLength(value, 'utf8') <= L.valueMaxBytes;
        const outcome = fits ? await this.repo.set(store, key, value, entryBytes(key, value), ownerId) : null;
        if (outcome !== 'stored') skipped++;
      }
    return skipped;
  }
}
