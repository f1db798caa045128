#!/usr/bin/env node
// Which mongoose features does the local Mongo server support? Runs each
// feature against a throwaway database and prints ok/FAIL per feature.
//   node tools/infra/mongo-check.mjs [mongodb-url]   (default: MONGO_URL or config/local.json)
// Needs mongoose from the repo's node_modules. Exit code 0 even when some
// features fail: this documents the server, docs/reference/infrastructure.md keeps the result.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, readInfraConfig } from './lib/config.mjs';

const mongoose = createRequire(join(ROOT, 'package.json'))('mongoose');
const { mongo } = readInfraConfig();
const url = process.argv[2] || process.env.MONGO_URL || `mongodb://${mongo.host}:${mongo.port}`;
const dbName = `infra_check_${Date.now()}`;
const conn = await mongoose
  .createConnection(url, { dbName, serverSelectionTimeoutMS: 5000 })
  .asPromise()
  .catch((err) => {
    console.error(`mongo-check: cannot connect to ${url}: ${err.message}`);
    process.exit(1);
  });
const { Schema } = mongoose;

const assert = (cond, msg) => {
  if (!cond) throw new Error(`assertion failed: ${msg}`);
};
const withTimeout = (p, ms) =>
  Promise.race([
    p,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);

const Item = conn.model(
  'Item',
  new Schema(
    {
      name: String,
      n: Number,
      tags: [String],
      email: { type: String, unique: true, sparse: true },
      owner: String,
      kind: String,
      parts: [{ k: String, v: Number }],
      meta: { a: Number },
      body: String,
    },
    { timestamps: true },
  ),
);

const checks = {
  async 'insert/find/sort/skip/limit'() {
    await Item.insertMany([1, 2, 3, 4, 5].map((n) => ({ name: `i${n}`, n, owner: n % 2 ? 'odd' : 'even' })));
    const got = await Item.find({}).sort({ n: -1 }).skip(1).limit(2).lean();
    assert(got.map((d) => d.n).join() === '4,3', got.map((d) => d.n).join());
  },
  async 'findOneAndUpdate upsert + returnDocument after'() {
    const d = await Item.findOneAndUpdate(
      { name: 'ups' },
      { $set: { n: 7 }, $setOnInsert: { kind: 'new' } },
      { upsert: true, returnDocument: 'after' },
    ).lean();
    assert(d?.n === 7 && d.kind === 'new', JSON.stringify(d));
  },
  async '$inc/$push/$pull/$set/$addToSet'() {
    const d = await Item.findOneAndUpdate(
      { name: 'i1' },
      { $inc: { n: 10 }, $push: { tags: { $each: ['a', 'b', 'c'] } }, $set: { kind: 'x' } },
      { new: true },
    );
    await Item.updateOne({ name: 'i1' }, { $pull: { tags: 'b' } });
    const e = await Item.findOneAndUpdate({ name: 'i1' }, { $addToSet: { tags: 'a' } }, { new: true }).lean();
    assert(d.n === 11 && e.tags.join() === 'a,c' && e.kind === 'x', JSON.stringify(e));
  },
  async '$in / $nin / $or / $ne'() {
    assert((await Item.countDocuments({ n: { $in: [2, 3] } })) === 2, '$in');
    assert(
      (await Item.countDocuments({ owner: { $ne: 'odd' }, $or: [{ n: 2 }, { n: 4 }] })) === 2,
      '$or/$ne',
    );
    assert((await Item.countDocuments({ n: { $nin: [2, 3] }, name: /^i/ })) === 3, '$nin');
  },
  async 'regex queries (incl. /i)'() {
    assert((await Item.countDocuments({ name: /^I[23]$/i })) === 2, 'regex /i');
    assert((await Item.countDocuments({ name: { $regex: '^i', $options: '' } })) === 5, '$regex');
  },
  async 'unique index -> E11000 (code 11000)'() {
    await Item.init(); // builds the schema's indexes
    await Item.create({ name: 'u1', email: 'a@x.test' });
    try {
      await Item.create({ name: 'u2', email: 'a@x.test' });
    } catch (err) {
      assert(err.code === 11000, `code ${err.code}: ${err.message}`);
      return;
    }
    throw new Error('duplicate insert succeeded');
  },
  async 'compound index + listIndexes'() {
    await Item.collection.createIndex({ owner: 1, n: -1 }, { name: 'owner_n' });
    const names = (await Item.collection.indexes()).map((i) => i.name);
    assert(names.includes('owner_n'), names.join());
  },
  async 'TTL index creation (expireAfterSeconds)'() {
    await Item.collection.createIndex({ createdAt: 1 }, { expireAfterSeconds: 3600, name: 'ttl' });
    const ttl = (await Item.collection.indexes()).find((i) => i.name === 'ttl');
    assert(ttl?.expireAfterSeconds === 3600, JSON.stringify(ttl));
  },
  async 'countDocuments / estimatedDocumentCount / distinct'() {
    assert((await Item.countDocuments({ owner: 'odd' })) === 3, 'countDocuments');
    assert((await Item.estimatedDocumentCount()) >= 5, 'estimated');
    assert((await Item.distinct('owner')).filter(Boolean).sort().join() === 'even,odd', 'distinct');
  },
  async 'aggregate $match/$group/$sort'() {
    const r = await Item.aggregate([
      { $match: { owner: { $exists: true } } },
      { $group: { _id: '$owner', total: { $sum: '$n' }, c: { $sum: 1 } } },
      { $sort: { _id: 1 } },
    ]);
    assert(
      JSON.stringify(r) === '[{"_id":"even","total":6,"c":2},{"_id":"odd","total":19,"c":3}]',
      JSON.stringify(r),
    );
  },
  async 'aggregate $project/$unwind/$count/$limit'() {
    const r = await Item.aggregate([
      { $match: { name: 'i1' } },
      { $unwind: '$tags' },
      { $project: { _id: 0, tags: 1 } },
      { $limit: 5 },
    ]);
    const c = await Item.aggregate([{ $match: { owner: 'odd' } }, { $count: 'n' }]);
    assert(r.map((x) => x.tags).join() === 'a,c' && c[0].n === 3, JSON.stringify([r, c]));
  },
  async 'aggregate $addFields with a field path'() {
    const r = await Item.aggregate([{ $match: { name: 'i2' } }, { $addFields: { copy: '$owner' } }]);
    assert(r[0].copy === 'even', JSON.stringify(r[0].copy));
  },
  async 'aggregate $lookup'() {
    const r = await Item.aggregate([
      { $match: { name: 'i2' } },
      { $lookup: { from: Item.collection.name, localField: 'owner', foreignField: 'owner', as: 'same' } },
    ]);
    assert(r[0].same.length === 2, JSON.stringify(r));
  },
  async 'aggregate $facet'() {
    const r = await Item.aggregate([{ $facet: { a: [{ $match: { n: 2 } }], b: [{ $count: 'c' }] } }]);
    assert(r[0].a.length === 1, JSON.stringify(r));
  },
  async bulkWrite() {
    const r = await Item.bulkWrite([
      { insertOne: { document: { name: 'b1', n: 100 } } },
      { updateOne: { filter: { name: 'b1' }, update: { $inc: { n: 1 } } } },
      { updateOne: { filter: { name: 'b2' }, update: { $set: { n: 5 } }, upsert: true } },
      { deleteOne: { filter: { name: 'i5' } } },
    ]);
    assert(
      r.insertedCount === 1 && r.modifiedCount === 1 && r.upsertedCount === 1 && r.deletedCount === 1,
      JSON.stringify(r),
    );
  },
  async '$elemMatch on arrays of subdocuments'() {
    await Item.create({
      name: 'em',
      parts: [
        { k: 'a', v: 1 },
        { k: 'b', v: 5 },
      ],
    });
    assert((await Item.countDocuments({ parts: { $elemMatch: { k: 'b', v: { $gt: 3 } } } })) === 1, 'match');
    assert(
      (await Item.countDocuments({ parts: { $elemMatch: { k: 'a', v: { $gt: 3 } } } })) === 0,
      'no match',
    );
  },
  async "dotted paths: 'tags.0' $exists, 'meta.a', 'parts.k'"() {
    await Item.create({ name: 'dot', meta: { a: 3 } });
    assert((await Item.countDocuments({ 'tags.0': { $exists: true } })) === 1, 'tags.0');
    assert((await Item.countDocuments({ 'meta.a': 3 })) === 1, 'meta.a');
    assert((await Item.countDocuments({ 'parts.k': 'b' })) === 1, 'parts.k');
  },
  async '$size / $all'() {
    assert((await Item.countDocuments({ tags: { $size: 2 } })) === 1, '$size');
    assert((await Item.countDocuments({ tags: { $all: ['a', 'c'] } })) === 1, '$all');
  },
  async 'updateMany / deleteMany / findOneAndDelete'() {
    const u = await Item.updateMany({ owner: 'even' }, { $set: { kind: 'e' } });
    const d = await Item.findOneAndDelete({ name: 'b2' });
    const m = await Item.deleteMany({ name: 'b1' });
    assert(u.modifiedCount === 2 && d && m.deletedCount === 1, JSON.stringify({ u, m }));
  },
  async '$pull by a condition on a subdocument field'() {
    await Item.updateOne({ name: 'em' }, { $pull: { parts: { k: { $in: ['a'] } } } });
    const d = await Item.findOne({ name: 'em' }).lean();
    assert(d.parts.length === 1 && d.parts[0].k === 'b', JSON.stringify(d.parts));
  },
  async 'arrayFilters ($[x])'() {
    await Item.updateOne({ name: 'em' }, { $set: { 'parts.$[p].v': 9 } }, { arrayFilters: [{ 'p.k': 'b' }] });
    const d = await Item.findOne({ name: 'em' }).lean();
    assert(d.parts.find((p) => p.k === 'b')?.v === 9, JSON.stringify(d.parts));
  },
  async 'positional $ update'() {
    await Item.updateOne({ name: 'em', 'parts.k': 'b' }, { $set: { 'parts.$.v': 6 } });
    const d = await Item.findOne({ name: 'em' }).lean();
    assert(d.parts.find((p) => p.k === 'b')?.v === 6, JSON.stringify(d.parts));
  },
  async 'update with aggregation pipeline'() {
    await Item.updateOne({ name: 'i2' }, [{ $set: { n: { $add: ['$n', 1] } } }]);
    assert((await Item.findOne({ name: 'i2' }).lean()).n === 3, 'n');
  },
  async '$expr query'() {
    assert((await Item.countDocuments({ $expr: { $gt: ['$n', 10] } })) >= 1, '$expr');
  },
  async 'collation (case-insensitive find)'() {
    assert(
      (await Item.countDocuments({ name: 'I1' }).collation({ locale: 'en', strength: 2 })) === 1,
      'collation',
    );
  },
  async 'transactions (session.withTransaction)'() {
    const session = await conn.startSession();
    try {
      await withTimeout(
        session.withTransaction(() => Item.create([{ name: 'tx' }], { session })),
        5000,
      );
    } finally {
      await session.endSession();
    }
  },
  async 'change streams (watch)'() {
    const stream = Item.watch();
    try {
      await withTimeout(
        new Promise((resolve, reject) => {
          stream.on('error', reject);
          stream.on('change', resolve);
          setTimeout(() => Item.create({ name: 'cs' }).catch(reject), 300);
        }),
        5000,
      );
    } finally {
      await stream.close().catch(() => {});
    }
  },
  async '$text index + search'() {
    await Item.collection.createIndex({ body: 'text' });
    await Item.create({ name: 'txt', body: 'the quick brown fox' });
    assert((await Item.countDocuments({ $text: { $search: 'fox' } })) === 1, '$text');
  },
  async 'cursor iteration (batches)'() {
    await Item.insertMany(Array.from({ length: 250 }, (_, i) => ({ name: `c${i}`, kind: 'bulk' })));
    let n = 0;
    for await (const doc of Item.find({ kind: 'bulk' }).batchSize(50).cursor()) n += doc ? 1 : 0;
    assert(n === 250, String(n));
  },
};

let failed = 0;
for (const [name, fn] of Object.entries(checks)) {
  try {
    await withTimeout(fn(), 15000);
    console.log(`ok    ${name}`);
  } catch (err) {
    failed++;
    console.log(`FAIL  ${name}: ${String(err.message).split('\n')[0].slice(0, 200)}`);
  }
}
const hello = await conn.db
  .admin()
  .command({ buildInfo: 1 })
  .catch(() => ({}));
console.log(
  `${Object.keys(checks).length - failed} passed, ${failed} failed  (server: ${hello.version ?? '?'}${hello.ferretdb ? ` FerretDB ${hello.ferretdb.version}` : ''}, ${url})`,
);
await conn.dropDatabase().catch(() => {});
await conn.close();
