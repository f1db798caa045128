import { type HeldRelease, type HeldViews, holdView, planHeldRelease } from './held-views';
import { MAX_REFERRER_DOMAINS } from './referrer';

const heldOf = (...views: [viewer: string, day: string, embed: boolean, referrer: string][]) => {
  const inc: Record<string, number> = {};
  for (const [viewer, day, embed, referrer] of views) holdView(inc, viewer, day, embed, referrer);
  // The $inc as the stored document holds it.
  const held: Record<string, HeldViews> = {};
  for (const [path, n] of Object.entries(inc)) {
    const [, viewer, field, key] = path.split('.') as [string, string, keyof HeldViews, string?];
    const entry = (held[viewer] ??= {});
    if (key === undefined) (entry as Record<string, number>)[field] = n;
    else ((entry as Record<string, Record<string, number>>)[field] ??= {})[key] = n;
  }
  return held;
};

const release = (over: Partial<HeldRelease>): HeldRelease => ({
  ownerId: 'usr_owner',
  isPublic: true,
  deleted: false,
  referrers: {},
  ...over,
});

describe('held views', () => {
  it('holds each view under its viewer: count, embed or direct, day and referrer', () => {
    const inc: Record<string, number> = {};
    holdView(inc, 'usr_a', '2030-01-01', false, '(direct)');
    holdView(inc, 'usr_a', '2030-01-01', true, 'blog%2Eexample');
    expect(inc).toEqual({
      'held.usr_a.n': 2,
      'held.usr_a.directViews': 1,
      'held.usr_a.embedViews': 1,
      'held.usr_a.days.2030-01-01': 2,
      'held.usr_a.referrers.(direct)': 1,
      'held.usr_a.referrers.blog%2Eexample': 1,
    });
  });

  it("gives the owner's views to ownerViews and counts everyone else's like any view", () => {
    const held = heldOf(
      ['usr_owner', '2030-01-01', false, '(direct)'],
      ['usr_owner', '2030-01-01', false, '(direct)'],
      ['usr_b', '2030-01-01', true, 'blog%2Eexample'],
      ['usr_c', '2030-01-02', false, '(direct)'],
    );
    expect(planHeldRelease(release({ held }))).toEqual({
      ownerViews: 2,
      total: 2,
      embedViews: 1,
      directViews: 1,
      'days.2030-01-01': 1,
      'days.2030-01-02': 1,
      'referrers.blog%2Eexample': 1,
      'referrers.(direct)': 1,
    });
  });

  it("drops others' views of a private artifact, and every view of a deleted one", () => {
    const held = heldOf(
      ['usr_owner', '2030-01-01', false, '(direct)'],
      ['usr_b', '2030-01-01', false, '(direct)'],
    );
    expect(planHeldRelease(release({ held, isPublic: false }))).toEqual({ ownerViews: 1, droppedPrivate: 1 });
    expect(planHeldRelease(release({ held, deleted: true }))).toEqual({});
  });

  it('matches the owner by the encoded id the views were held under', () => {
    const held = heldOf(['usr%2Eodd', '2030-01-01', false, '(direct)']);
    expect(planHeldRelease(release({ held, ownerId: 'usr.odd' }))).toEqual({ ownerViews: 1 });
  });

  it("keeps within the artifact's referrer domains: a new one past the limit is (other)", () => {
    const referrers = Object.fromEntries(
      Array.from({ length: MAX_REFERRER_DOMAINS }, (_, i) => [`site${i}%2Eexample`, 1]),
    );
    const held = heldOf(
      ['usr_b', '2030-01-01', true, 'new%2Eexample'],
      ['usr_c', '2030-01-01', true, 'site1%2Eexample'],
    );
    const inc = planHeldRelease(release({ held, referrers }));
    expect(inc['referrers.(other)']).toBe(1);
    expect(inc['referrers.site1%2Eexample']).toBe(1);
    expect(inc['referrers.new%2Eexample']).toBeUndefined();
  });
});
