import {
  type VersionVisibility,
  isPublished,
  nextPublishedVersions,
  oldestKept,
  pinnedRead,
  publishedVersions,
} from './version-visibility';

const art = (isPublic: boolean, version: number, publishedVersions?: number[]): VersionVisibility => ({
  isPublic,
  version,
  ...(publishedVersions ? { publishedVersions } : {}),
});

describe('which versions anyone may read', () => {
  it('takes the stored list as it is', () => {
    expect(publishedVersions(art(true, 3, [3]))).toEqual([3]);
    expect(isPublished(art(true, 3, [1, 3]), 2)).toBe(false);
    expect(isPublished(art(false, 3, [1, 3]), 1)).toBe(true);
  });

  it('reads an artifact stored before #32 (no list): all kept versions of a public one, none of a private one', () => {
    expect(publishedVersions(art(true, 3))).toEqual([1, 2, 3]);
    expect(publishedVersions(art(false, 3))).toEqual([]);
    // Only what is kept: the 100 previous versions and the current one.
    expect(publishedVersions(art(true, 250))).toHaveLength(101);
    expect(publishedVersions(art(true, 250))[0]).toBe(oldestKept(250));
    expect(oldestKept(250)).toBe(150);
    expect(oldestKept(7)).toBe(1);
  });
});

describe('the published list after a change', () => {
  it('private v1, v2 saved while private, made public: the latest only by default', () => {
    const v2 = nextPublishedVersions(art(false, 1, []), { isPublic: false, version: 2 });
    expect(v2).toEqual([]);
    expect(nextPublishedVersions(art(false, 2, v2), { isPublic: true, version: 2 })).toEqual([2]);
    expect(
      nextPublishedVersions(art(false, 2, v2), { isPublic: true, version: 2, publish: 'latest' }),
    ).toEqual([2]);
  });

  it('"all" publishes every kept earlier version too', () => {
    expect(nextPublishedVersions(art(false, 3, []), { isPublic: true, version: 3, publish: 'all' })).toEqual([
      1, 2, 3,
    ]);
    // Later, while public, as well.
    expect(nextPublishedVersions(art(true, 3, [3]), { isPublic: true, version: 3, publish: 'all' })).toEqual([
      1, 2, 3,
    ]);
  });

  it('a version made while public is published, and so stays the one it replaced', () => {
    expect(nextPublishedVersions(art(true, 2, [2]), { isPublic: true, version: 3 })).toEqual([2, 3]);
  });

  it('a version made while private is not; earlier published ones stay published through a private spell', () => {
    const privateAgain = nextPublishedVersions(art(true, 2, [2]), { isPublic: false, version: 2 });
    expect(privateAgain).toEqual([2]);
    const v3 = nextPublishedVersions(art(false, 2, privateAgain), { isPublic: false, version: 3 });
    expect(v3).toEqual([2]);
    const v4 = nextPublishedVersions(art(false, 3, v3), { isPublic: false, version: 4 });
    expect(nextPublishedVersions(art(false, 4, v4), { isPublic: true, version: 4 })).toEqual([2, 4]);
  });

  it('an artifact from before #32 keeps every version public when it changes while public', () => {
    expect(nextPublishedVersions(art(true, 3), { isPublic: true, version: 4 })).toEqual([1, 2, 3, 4]);
    expect(nextPublishedVersions(art(true, 3), { isPublic: false, version: 3 })).toEqual([1, 2, 3]);
    // A private one publishes its current version only.
    expect(nextPublishedVersions(art(false, 3), { isPublic: true, version: 3 })).toEqual([3]);
  });

  it('a private artifact that stays private publishes nothing, whatever is asked', () => {
    expect(nextPublishedVersions(art(false, 3, []), { isPublic: false, version: 3, publish: 'all' })).toEqual(
      [],
    );
  });

  it('drops versions that are pruned, so the list stays bounded', () => {
    const all = nextPublishedVersions(art(true, 200, [1, 99, 100, 150, 200]), {
      isPublic: true,
      version: 201,
    });
    expect(all).toEqual([150, 200, 201]);
    expect(
      nextPublishedVersions(art(false, 300, []), { isPublic: true, version: 300, publish: 'all' }),
    ).toHaveLength(101);
  });
});

describe('a read pinned to a version', () => {
  const open = art(true, 3, [1, 3]);

  it('anyone: the current one and published earlier ones; another earlier one answers as private', () => {
    expect(pinnedRead(open, 3, false)).toBe('current');
    expect(pinnedRead(open, 1, false)).toBe('earlier');
    expect(pinnedRead(open, 2, false)).toBe('private');
  });

  it('says "gone" only where nothing is secret: past the current version, or pruned', () => {
    expect(pinnedRead(open, 4, false)).toBe('gone');
    expect(pinnedRead(art(true, 300, [150, 300]), 10, false)).toBe('gone');
  });

  it('a private artifact is private whatever the version', () => {
    const closed = art(false, 3, [1, 2, 3]);
    for (const v of [1, 3, 4]) expect(pinnedRead(closed, v, false)).toBe('private');
  });

  it('owners and admins read every kept version, published or not, private artifact or not', () => {
    for (const doc of [open, art(false, 3, [])]) {
      expect(pinnedRead(doc, 2, true)).toBe('earlier');
      expect(pinnedRead(doc, 3, true)).toBe('current');
      expect(pinnedRead(doc, 4, true)).toBe('gone');
    }
  });
});
