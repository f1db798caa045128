import { type CurrentVersionRef } from './artifact-versions.repository';
import { versionsToBackfill } from './thumbnail-backfill';

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute));
const row = (artifactId: string, version: number, minute = 0): CurrentVersionRef => ({
  artifactId,
  owner: 'u1',
  version,
  updatedAt: at(minute),
});

describe('which current versions the backfill queues', () => {
  const rows = [row('a', 1, 1), row('b', 3, 2), row('c', 2, 3), row('d', 1, 4)];

  it('queues the versions with no record, in walk order', () => {
    const { picked, decidedUpTo } = versionsToBackfill(rows, new Set(['b:3']), 100);
    expect(picked.map((r) => r.artifactId)).toEqual(['a', 'c', 'd']);
    expect(decidedUpTo).toBe(rows[3]);
  });

  it('leaves a version with any record alone: ready, pending, or failed (the dead letters are an operator’s)', () => {
    // The record's status does not matter: the set holds every record's id.
    const { picked } = versionsToBackfill(rows, new Set(['a:1', 'b:3', 'c:2', 'd:1']), 100);
    expect(picked).toEqual([]);
  });

  it('looks at the current version only: a record of an earlier version does not count', () => {
    const { picked } = versionsToBackfill([row('b', 3)], new Set(['b:1', 'b:2']), 100);
    expect(picked.map((r) => `${r.artifactId}:${r.version}`)).toEqual(['b:3']);
  });

  it('stops at the batch, and says where: rows after it were not looked at', () => {
    const { picked, decidedUpTo } = versionsToBackfill(rows, new Set(['b:3']), 2);
    expect(picked.map((r) => r.artifactId)).toEqual(['a', 'c']);
    expect(decidedUpTo).toBe(rows[2]);
  });

  it('decides nothing on an empty page', () => {
    expect(versionsToBackfill([], new Set(), 100)).toEqual({ picked: [], decidedUpTo: undefined });
  });
});
