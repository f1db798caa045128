import { MAX_HELD_VIEWERS } from './held-views';
import { type StatsSnapshot, type ViewInput, needsWrite, planViewWrites } from './view-plan';

const snap = (over: Partial<StatsSnapshot> = {}): StatsSnapshot => ({
  _id: 'a1',
  known: true,
  ownerId: 'owner',
  isPublic: true,
  deleted: false,
  total: 10,
  referrers: {},
  wm: {},
  ...over,
});
const view = (offset: number, over: Partial<ViewInput['data']> = {}): ViewInput => ({
  offset,
  data: { artifactId: 'a1', viewedAt: '2030-01-01T23:59:59.999Z', userAgent: 'x', embed: false, ...over },
});

describe('planViewWrites', () => {
  it('counts views per UTC day, embed/direct and referrer, and gives the new absolute total', () => {
    const [w] = planViewWrites(0, new Map([['a1', snap()]]), [
      view(5, { referrer: 'https://www.blog.example/post', sessionId: 's1' }),
      view(6, { viewedAt: '2030-01-02T00:00:00.000Z', embed: true, referrer: 'https://host.example' }),
    ]);
    expect(w!.inc).toEqual({
      total: 2,
      'days.2030-01-01': 1,
      'days.2030-01-02': 1,
      directViews: 1,
      embedViews: 1,
      'referrers.blog%2Eexample': 1,
      'referrers.host%2Eexample': 1,
    });
    expect(w!.newTotal).toBe(12);
    expect(w!.watermark).toBe(6);
    expect(w!.previousWatermark).toBeUndefined();
    // The visitor is credited to the referring domain (VisitorSets decides: once a day).
    expect(w!.visitors).toEqual([{ day: '2030-01-01', sessionId: 's1', domain: 'blog.example' }]);
  });

  it('credits a visitor only to a readable referring domain, replays included', () => {
    const [w] = planViewWrites(0, new Map([['a1', snap({ wm: { '0': 1 } })]]), [
      view(1, { sessionId: 'replayed', referrer: 'https://replay.example/x' }),
      view(2, { sessionId: 's1' }),
      view(3, { sessionId: 's1', referrer: 'not a url' }),
      view(4, { sessionId: 's2', referrer: 'https://WWW.News.Example/a?b=c' }),
      view(5, { sessionId: 's3', referrer: 'https://news.example/other' }),
    ]);
    expect(w!.visitors).toEqual([
      { day: '2030-01-01', sessionId: 'replayed', domain: 'replay.example' },
      { day: '2030-01-01', sessionId: 's1' },
      { day: '2030-01-01', sessionId: 's1' },
      { day: '2030-01-01', sessionId: 's2', domain: 'news.example' },
      { day: '2030-01-01', sessionId: 's3', domain: 'news.example' },
    ]);
  });

  it('skips views at or below the partition watermark (a replay) and writes nothing for a pure replay', () => {
    const snapshots = new Map([['a1', snap({ wm: { '2': 6 } })]]);
    const [replay] = planViewWrites(2, snapshots, [view(5, { sessionId: 's' }), view(6)]);
    expect(needsWrite(replay!)).toBe(false);
    expect(replay!.inc).toEqual({});
    // Visitors of replayed views are added again (harmless), in case the first try lost them.
    expect(replay!.visitors).toEqual([{ day: '2030-01-01', sessionId: 's' }]);
    const [w] = planViewWrites(2, snapshots, [view(6), view(7)]);
    expect(w!.inc['total']).toBe(1);
    expect(w!.dropped.replayed).toBe(1);
    expect(w!.previousWatermark).toBe(6);
    // Another partition has its own watermark.
    expect(planViewWrites(1, snapshots, [view(3)])[0]!.inc['total']).toBe(1);
  });

  it("counts the owner's views apart, drops others' views of private and deleted artifacts", () => {
    const own = planViewWrites(0, new Map([['a1', snap()]]), [view(1, { viewerId: 'owner' })])[0]!;
    expect(own.inc).toEqual({ ownerViews: 1 });
    expect(own.newTotal).toBeNull();
    const priv = planViewWrites(0, new Map([['a1', snap({ isPublic: false })]]), [
      view(1),
      view(2, { viewerId: 'owner' }),
    ])[0]!;
    expect(priv.inc).toEqual({ droppedPrivate: 1, ownerViews: 1 });
    const gone = planViewWrites(0, new Map([['a1', snap({ deleted: true })]]), [view(1)])[0]!;
    expect(gone.inc).toEqual({});
    expect(gone.dropped.deleted).toBe(1);
  });

  it('counts anonymous views of unknown artifacts at once, without emitting a count', () => {
    const [w] = planViewWrites(0, new Map(), [view(1, { sessionId: 's1' })]);
    expect(w!.exists).toBe(false);
    expect(w!.inc['total']).toBe(1);
    expect(w!.holds).toBe(false);
    expect(w!.newTotal).toBeNull();
    expect(w!.visitors).toEqual([{ day: '2030-01-01', sessionId: 's1' }]);
  });

  it('holds signed-in views of unknown artifacts per viewer (maybe the owner), as no visitor', () => {
    const unknown = snap({ known: false, ownerId: null, total: 0 });
    const [w] = planViewWrites(0, new Map([['a1', unknown]]), [
      view(1, { viewerId: 'usr_a', sessionId: 's1' }),
      view(2, { viewerId: 'usr_a', embed: true, referrer: 'https://blog.example/p' }),
    ]);
    expect(w!.holds).toBe(true);
    expect(w!.inc).toEqual({
      'held.usr_a.n': 2,
      'held.usr_a.directViews': 1,
      'held.usr_a.embedViews': 1,
      'held.usr_a.days.2030-01-01': 2,
      'held.usr_a.referrers.(direct)': 1,
      'held.usr_a.referrers.blog%2Eexample': 1,
    });
    expect(w!.visitors).toEqual([]);
    expect(w!.watermark).toBe(2);
    // Once known, the same viewer's views count as usual.
    const [known] = planViewWrites(0, new Map([['a1', snap()]]), [view(3, { viewerId: 'usr_a' })]);
    expect(known!.holds).toBe(false);
    expect(known!.inc['total']).toBe(1);
  });

  it(`holds at most ${MAX_HELD_VIEWERS} viewers per artifact; a further one is counted at once`, () => {
    const held = Object.fromEntries(
      Array.from({ length: MAX_HELD_VIEWERS }, (_, i) => [`usr_${i}`, { n: 1 }]),
    );
    const full = snap({ known: false, ownerId: null, total: 0, held });
    const [w] = planViewWrites(0, new Map([['a1', full]]), [
      view(1, { viewerId: 'usr_0' }),
      view(2, { viewerId: 'usr_new' }),
    ]);
    expect(w!.inc['held.usr_0.n']).toBe(1);
    expect(w!.inc['held.usr_new.n']).toBeUndefined();
    expect(w!.inc['total']).toBe(1);
  });

  it('caps distinct referrer domains, counting the rest as (other)', () => {
    const referrers = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`d${i}%2Ecom`, 1]));
    const [w] = planViewWrites(0, new Map([['a1', snap({ referrers })]]), [
      view(1, { referrer: 'https://d3.com' }),
      view(2, { referrer: 'https://new.example' }),
    ]);
    expect(w!.inc['referrers.d3%2Ecom']).toBe(1);
    expect(w!.inc['referrers.(other)']).toBe(1);
  });

  it('keeps the latest view time, whatever the offset notation', () => {
    const [w] = planViewWrites(0, new Map([['a1', snap()]]), [
      view(1, { viewedAt: '2030-01-01T09:00:00.000Z' }),
      // 10:00 at +02:00 is 08:00 UTC: earlier, although it reads later.
      view(2, { viewedAt: '2030-01-01T10:00:00+02:00' }),
      view(3, { viewedAt: '2030-01-01T08:30:00.000Z' }),
    ]);
    expect(w!.lastViewedAt).toEqual(new Date('2030-01-01T09:00:00.000Z'));
    const [late] = planViewWrites(0, new Map([['a1', snap()]]), [
      view(1, { viewedAt: '2030-01-01T09:00:00.000Z' }),
      view(2, { viewedAt: '2030-01-01T12:00:00+02:00' }),
    ]);
    expect(late!.lastViewedAt).toEqual(new Date('2030-01-01T10:00:00.000Z'));
  });

  it('parses each referrer once per batch and still counts every view', () => {
    const views = Array.from({ length: 5 }, (_, i) => view(i, { referrer: 'https://a.example/x' }));
    const [w] = planViewWrites(0, new Map([['a1', snap()]]), views);
    expect(w!.inc['referrers.a%2Eexample']).toBe(5);
  });
});
