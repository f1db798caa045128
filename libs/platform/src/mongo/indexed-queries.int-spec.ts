// The local MongoDB-compatible server answers queries from secondary indexes
// (tools/infra/mongo-java-server: OrderedIndex, IndexPlan, IndexedCollection). An index may only
// change how much is read, never what comes back: every query here runs against the same
// documents in a collection with the indexes and in one without any, through the real server,
// and the answers must agree — through inserts, updates that move keys, and deletes.
import mongoose, { type Connection, type FilterQuery, type Model, Schema } from 'mongoose';
import { testInfra, uniqueSuffix } from '../testing';
import { countMatching } from './count-matching';

interface Item {
  _id: string;
  owner: string;
  deletedAt: Date | null;
  createdAt: Date;
  title: string;
  views: number;
  tags: string[];
  pending?: number;
}

const infra = testInfra();
const suffix = uniqueSuffix();
const OWNERS = ['ann', 'bob', 'cid', 'dee'];
const TITLES = ['alpha', 'beta', 'gamma', 'delta', 'Zeta', 'eta'];

let connection: Connection;
let Indexed: Model<Item>;
let Plain: Model<Item>;

/** Deterministic pseudo-random numbers, so a failure names a reproducible case. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const random = rng(20_251_125);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));

function item(i: number): Item {
  return {
    _id: `it-${String(i).padStart(4, '0')}`,
    owner: pick(OWNERS),
    deletedAt: random() < 0.15 ? day(300) : null,
    // Few distinct dates and view counts: ties, so the _id tie-break decides order.
    createdAt: day(Math.floor(random() * 20)),
    title: pick(TITLES),
    views: Math.floor(random() * 6),
    tags: random() < 0.5 ? [pick(TITLES)] : [],
    ...(random() < 0.3 ? { pending: Math.floor(random() * 3) } : {}),
  };
}

function schema(withIndexes: boolean): Schema<Item> {
  const s = new Schema<Item>(
    {
      _id: String,
      owner: String,
      deletedAt: { type: Date, default: null },
      createdAt: Date,
      title: String,
      views: Number,
      tags: [String],
      pending: Number,
    },
    { versionKey: false, autoIndex: false },
  );
  if (withIndexes) {
    s.index({ owner: 1, deletedAt: 1, createdAt: -1, _id: -1 }, { name: 'by_created' });
    s.index({ owner: 1, deletedAt: 1, title: 1, createdAt: -1, _id: 1 }, { name: 'by_title' });
    s.index({ owner: 1, deletedAt: 1, views: -1, createdAt: -1, _id: 1 }, { name: 'by_views' });
    s.index({ pending: 1 }, { name: 'by_pending' });
    s.index({ tags: 1, createdAt: -1 }, { name: 'by_tag' });
  }
  return s;
}

type Sort = Record<string, 1 | -1>;
const SORTS: Sort[] = [
  { createdAt: -1, _id: -1 },
  { createdAt: 1, _id: 1 },
  { title: 1, createdAt: -1, _id: 1 },
  { title: -1, createdAt: 1, _id: -1 },
  { views: -1, createdAt: -1, _id: 1 },
  { views: 1, _id: 1 }, // not an index's order: sorted after the walk
];

/** A list page's filter: owners, live or not, sometimes a keyset position after an item. */
function listFilter(sort: Sort, after: Item | undefined): FilterQuery<Item> {
  const owners = random() < 0.5 ? [pick(OWNERS)] : [pick(OWNERS), pick(OWNERS)];
  const filter: FilterQuery<Item> = {
    owner: owners.length === 1 && random() < 0.5 ? owners[0] : { $in: owners },
    deletedAt: null,
  };
  if (!after) return filter;
  const keys = Object.keys(sort) as (keyof Item)[];
  filter.$or = keys.map((key, i) => {
    const branch: FilterQuery<Item> = {};
    for (const prev of keys.slice(0, i)) branch[prev] = after[prev];
    branch[key] = { [sort[key] === 1 ? '$gt' : '$lt']: after[key] };
    return branch;
  });
  return filter;
}

const ids = (docs: { _id: string }[]) => docs.map((d) => d._id);

async function both<T>(run: (model: Model<Item>) => Promise<T>): Promise<[T, T]> {
  return [await run(Indexed), await run(Plain)];
}

beforeAll(async () => {
  connection = await mongoose
    .createConnection(infra.mongoUrl, { dbName: `cv_test_indexes_${suffix}` })
    .asPromise();
  Indexed = connection.model<Item>('Indexed', schema(true), 'indexed');
  Plain = connection.model<Item>('Plain', schema(false), 'plain');
  // Half the documents before the indexes exist (built from the collection), half after.
  const first = Array.from({ length: 200 }, (_, i) => item(i));
  await Indexed.insertMany(first);
  await Plain.insertMany(first);
  await Indexed.createIndexes();
  const second = Array.from({ length: 200 }, (_, i) => item(200 + i));
  await Indexed.insertMany(second);
  await Plain.insertMany(second);
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

async function agreeOnLists(rounds: number): Promise<number> {
  let compared = 0;
  for (let round = 0; round < rounds; round++) {
    const sort = pick(SORTS);
    const limit = pick([1, 5, 21]);
    const [all] = await both((m) => m.find(listFilter(sort, undefined)).sort(sort).lean<Item[]>());
    const after = all.length > 0 && random() < 0.6 ? pick(all) : undefined;
    const filter = listFilter(sort, after);
    const skip = random() < 0.2 ? 3 : 0;
    const [a, b] = await both((m) => m.find(filter).sort(sort).skip(skip).limit(limit).lean<Item[]>());
    expect({ filter, sort, skip, limit, ids: ids(a) }).toEqual({ filter, sort, skip, limit, ids: ids(b) });
    // The count command (countMatching) on the indexed twin, the aggregation on the plain one.
    expect(await countMatching(Indexed, filter)).toBe(await Plain.countDocuments(filter));
    compared += a.length;
  }
  return compared;
}

it('lists in every sort, by owner and $in of owners, with keyset positions, agree with a scan', async () => {
  expect(await agreeOnLists(80)).toBeGreaterThan(100);
});

it('ranges, multikey arrays, $ne/$nin and fields outside the index agree with a scan', async () => {
  const filters: FilterQuery<Item>[] = [
    { pending: { $gt: 0 } },
    { pending: { $gte: 1, $lt: 2 } },
    { pending: null },
    { pending: { $exists: false } },
    { tags: 'beta' },
    { tags: { $in: ['beta', 'gamma'] } },
    { tags: { $ne: 'beta' } },
    { owner: 'ann', deletedAt: { $ne: null } },
    { owner: { $in: ['ann', 'bob'] }, deletedAt: null, title: { $nin: ['alpha'] } },
    { owner: 'bob', deletedAt: null, views: { $gte: 2 }, title: /ta$/ },
    { owner: 'cid', deletedAt: null, $or: [{ views: 3 }, { tags: 'eta' }] },
    // Exclusive bounds ($gt/$lt) start after / end before the entries equal to them, on ascending
    // and descending keys with later keys, and beside conditions outside the index (the outbox
    // relay's claim: a range on its key and a lease condition in an $or).
    { pending: { $gt: 0 }, $or: [{ title: 'alpha' }, { views: { $lt: 2 } }] },
    { pending: { $lt: 2 } },
    { pending: { $gt: 0, $lt: 2 } },
    { owner: 'ann', deletedAt: null, createdAt: { $gt: day(5) } },
    { owner: 'ann', deletedAt: null, createdAt: { $gte: day(3), $lt: day(10) } },
    { owner: { $in: ['bob', 'dee'] }, deletedAt: null, views: { $gt: 2 } },
    { owner: 'bob', deletedAt: null, views: { $gt: 1, $lt: 4 } },
    { owner: 'dee', deletedAt: null, title: { $gt: 'beta', $lte: 'eta' } },
    { owner: 'dee', deletedAt: null, title: { $lt: 'gamma' } },
  ];
  for (const filter of filters) {
    for (const sort of [undefined, { createdAt: -1 as const, _id: 1 as const }]) {
      const [a, b] = await both((m) => {
        const q = m.find(filter);
        return (sort ? q.sort(sort) : q.sort({ _id: 1 })).lean<Item[]>();
      });
      expect({ filter, ids: ids(a) }).toEqual({ filter, ids: ids(b) });
    }
  }
});

it('a range on an index key with its sort served and a limit agrees with a scan', async () => {
  const cases: [FilterQuery<Item>, Sort][] = [
    [
      { owner: 'bob', deletedAt: null, views: { $lt: 4 } },
      { views: -1, createdAt: -1, _id: 1 },
    ],
    [
      { owner: 'bob', deletedAt: null, views: { $gt: 1 } },
      { views: 1, createdAt: 1, _id: -1 },
    ],
    [
      { owner: 'ann', deletedAt: null, createdAt: { $gt: day(4), $lt: day(15) } },
      { createdAt: -1, _id: -1 },
    ],
    [
      { owner: 'cid', deletedAt: null, title: { $gt: 'alpha' } },
      { title: 1, createdAt: -1, _id: 1 },
    ],
  ];
  for (const [filter, sort] of cases) {
    for (const limit of [1, 3, 50]) {
      const [a, b] = await both((m) => m.find(filter).sort(sort).limit(limit).lean<Item[]>());
      expect({ filter, sort, limit, ids: ids(a) }).toEqual({ filter, sort, limit, ids: ids(b) });
    }
  }
});

it('covered projections (only key fields) agree with a scan', async () => {
  const cases: [FilterQuery<Item>, Record<string, 0 | 1>][] = [
    [{ pending: { $gt: 0 } }, { _id: 0, pending: 1 }],
    [{ pending: { $gte: 0 } }, { pending: 1 }],
    [
      { owner: { $in: ['ann', 'bob'] }, deletedAt: null },
      { _id: 1, owner: 1, createdAt: 1 },
    ],
    [{ owner: 'cid', deletedAt: null, views: { $gt: 1 } }, { views: 1 }],
  ];
  for (const [filter, projection] of cases) {
    const [a, b] = await both((m) => m.find(filter, projection).sort({ _id: 1 }).lean<Item[]>());
    const sortedA = [...a].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    const sortedB = [...b].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    expect({ filter, docs: sortedA }).toEqual({ filter, docs: sortedB });
  }
});

it('point reads and conditional writes by _id with other conditions agree with a scan', async () => {
  const [a, b] = await both((m) => m.findOne({ _id: 'it-0007', deletedAt: null }).lean<Item>());
  expect(a).toEqual(b);
  const [ua, ub] = await both((m) =>
    m.updateOne({ _id: { $in: ['it-0003', 'it-0004'] }, views: { $lt: 100 } }, { $inc: { views: 1 } }),
  );
  expect(ua.modifiedCount).toBe(ub.modifiedCount);
  const [miss] = await both((m) => m.findOne({ _id: 'it-0003', views: -1 }).lean<Item>());
  expect(miss).toBeNull();
});

it('keeps agreeing after updates that move index keys and deletes', async () => {
  for (let i = 0; i < 120; i++) {
    const id = `it-${String(Math.floor(random() * 400)).padStart(4, '0')}`;
    const change = pick([
      { $set: { owner: pick(OWNERS) } },
      { $set: { title: pick(TITLES), createdAt: day(Math.floor(random() * 20)) } },
      { $inc: { views: 1 } },
      { $set: { deletedAt: random() < 0.5 ? null : day(301) } },
      { $set: { tags: [pick(TITLES), pick(TITLES)] } },
      { $unset: { pending: 1 } },
      { $set: { pending: 2 } },
    ]);
    await both((m) => m.updateOne({ _id: id }, change));
    if (i % 10 === 0) await both((m) => m.deleteOne({ _id: id }));
    if (i % 15 === 0) {
      const doc = item(1_000 + i);
      await both((m) => m.create(doc));
    }
  }
  const [ca, cb] = await both((m) => m.countDocuments({}));
  expect(ca).toBe(cb);
  expect(await agreeOnLists(60)).toBeGreaterThan(50);
  const [pa, pb] = await both((m) =>
    m
      .find({ pending: { $gt: 0 } })
      .sort({ _id: 1 })
      .lean<Item[]>(),
  );
  expect(ids(pa)).toEqual(ids(pb));
});
