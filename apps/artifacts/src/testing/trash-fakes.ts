/**
 * The trash's use cases over in-memory fakes (excluded from the build): the trash repository
 * shares FakeArtifacts' documents and outbox, so a move, a restore and a purge show in both.
 */
import { type OutboxEntry, type OutboxRelayService } from '@core-vault/platform';
import { type ArtifactsConfig } from '../config';
import { type CollectionsRepository } from '../collections/collections.repository';
import { type CollectionsService } from '../collections/collections.service';
import { ArtifactEvents } from '../artifacts/artifact-events';
import { type ArtifactDoc } from '../artifacts/artifact.schema';
import { ArtifactException } from '../artifacts/artifacts.exception';
import { type PublicArtifactCache } from '../artifacts/public-cache';
import { type TrashedSummaryDoc, type DueArtifact, type TrashRepository } from '../trash/trash.repository';
import { BulkChangeArtifacts } from '../trash/usecases/bulk-change-artifacts.usecase';
import { DeleteFromTrash } from '../trash/usecases/delete-from-trash.usecase';
import { EmptyTrash } from '../trash/usecases/empty-trash.usecase';
import { ListTrash } from '../trash/usecases/list-trash.usecase';
import { MoveToTrash } from '../trash/usecases/move-to-trash.usecase';
import { PurgeArtifact } from '../trash/usecases/purge-artifact.usecase';
import { PurgeDueArtifacts } from '../trash/usecases/purge-due-artifacts.usecase';
import { RestoreFromTrash } from '../trash/usecases/restore-from-trash.usecase';
import { as, writeServices } from './artifact-fakes';

export const DAY_MS = 86_400_000;

const inTrash = (d: ArtifactDoc | undefined): d is ArtifactDoc => Boolean(d?.deletedAt && d.purgeAt);

export class FakeTrash implements Partial<TrashRepository> {
  constructor(
    private readonly docs: Map<string, ArtifactDoc>,
    private readonly outbox: OutboxEntry[],
  ) {}

  moveToTrash(id: string, rev: number, at: Date, purgeAt: Date, events: readonly OutboxEntry[]) {
    const d = this.docs.get(id);
    return this.write(d && d.rev === rev && !d.deletedAt ? d : undefined, events, {
      deletedAt: at,
      purgeAt,
      updatedAt: at,
    });
  }
  restore(id: string, rev: number, now: Date, events: readonly OutboxEntry[]) {
    const d = this.docs.get(id);
    const ok = inTrash(d) && d.rev === rev && d.purgeAt! > now;
    return this.write(ok ? d : undefined, events, { deletedAt: null, purgeAt: null, updatedAt: now });
  }
  findTrashed(id: string) {
    const d = this.docs.get(id);
    return Promise.resolve(inTrash(d) ? d : null);
  }
  list(owners: readonly string[], limit: number) {
    const all = [...this.docs.values()].filter((d) => inTrash(d) && owners.includes(d.owner));
    return Promise.resolve(all.slice(0, limit) as TrashedSummaryDoc[]);
  }
  count(owners: readonly string[]) {
    return Promise.resolve(
      [...this.docs.values()].filter((d) => inTrash(d) && owners.includes(d.owner)).length,
    );
  }
  makeDue(filter: { id: string } | { owners: readonly string[] }, now: Date) {
    let n = 0;
    for (const d of this.docs.values())
      if (inTrash(d) && ('id' in filter ? d._id === filter.id : filter.owners.includes(d.owner))) {
        d.purgeAt = now;
        n++;
      }
    return Promise.resolve(n);
  }
  findDue(now: Date, limit: number, owners?: readonly string[]) {
    const due = [...this.docs.values()].filter(
      (d) => d.purgeAt && d.purgeAt <= now && (!owners || owners.includes(d.owner)),
    );
    return Promise.resolve(due.slice(0, limit).map((d): DueArtifact => ({ _id: d._id, owner: d.owner })));
  }
  completePurge(id: string, now: Date, events: readonly OutboxEntry[]) {
    const d = this.docs.get(id);
    const ok = d?.purgeAt && d.purgeAt <= now;
    return this.write(ok ? d : undefined, events, { purgeAt: null, content: '', updatedAt: now });
  }
  private write(doc: ArtifactDoc | undefined, events: readonly OutboxEntry[], fields: Partial<ArtifactDoc>) {
    if (!doc) return Promise.resolve(null);
    const next = { ...doc, ...fields, rev: doc.rev + 1 };
    this.docs.set(doc._id, next);
    this.outbox.push(...events);
    return Promise.resolve(next);
  }
}

/** The trash use cases over the write services' fakes, with what they did on the side. */
export function trashServices() {
  const t = writeServices();
  const trash = new FakeTrash(t.artifacts.docs, t.artifacts.outbox);
  const events = new ArtifactEvents();
  const invalidated: { id: string; rev: number }[] = [];
  const pulled: string[] = [];
  const added: { collectionId: string; artifactId: string }[] = [];
  let nudges = 0;
  const relay = as<OutboxRelayService>({ nudge: () => void nudges++ });
  const cache = as<PublicArtifactCache>({
    invalidate: (id: string, rev: number) => Promise.resolve(void invalidated.push({ id, rev })),
  });
  const repo = as<TrashRepository>(trash);
  const collectionsRepo = as<CollectionsRepository>({
    pullArtifact: (id: string) => Promise.resolve(void pulled.push(id)),
    findOwned: (id: string) => Promise.resolve(id === 'c0llection1' ? ({ _id: id } as never) : null),
  });
  const move = new MoveToTrash(
    t.service,
    repo,
    events,
    cache,
    relay,
    as<ArtifactsConfig>({
      TRASH_RETENTION_MS: 30 * DAY_MS,
    }),
  );
  const purge = new PurgeArtifact(repo, t.versions as never, collectionsRepo, events, relay);
  const purgeDue = new PurgeDueArtifacts(repo, purge);
  const collections = as<CollectionsService>({
    addArtifact: async (user, collectionId, artifactId) => {
      await t.service.loadManageable(user, artifactId).catch(() => {
        throw ArtifactException.notFound();
      });
      added.push({ collectionId, artifactId });
      return {} as never;
    },
  });
  return {
    ...t,
    trash,
    move,
    restore: new RestoreFromTrash(repo, events, relay),
    purge,
    purgeDue,
    deleteForever: new DeleteFromTrash(repo, purge),
    empty: new EmptyTrash(repo, purgeDue),
    list: new ListTrash(repo),
    bulk: new BulkChangeArtifacts(t.edits, collections, collectionsRepo, move),
    invalidated,
    pulled,
    added,
    nudges: () => nudges,
  };
}
