/* global jest */
// Integration suites talk to a real broker and database: give them room, per project.
jest.setTimeout(60000);
// In-process services (and the ones spawned from here, which inherit it) stop without waiting out
// kafkajs's 5 s idle fetch at every shutdown (KAFKA_CONSUMER_MAX_WAIT_MS, docs/guides/operations.md).
process.env.KAFKA_CONSUMER_MAX_WAIT_MS ??= '250';
// A service under test (in process, or spawned from here: they inherit it) never writes to the
// user's search index (cv-artifacts) nor joins `npm start`'s search consumer group, where it would
// take events meant for it: each suite gets its own unless it names one. npm test deletes the
// run's test-* indexes at the end (tools/scripts/lib/test-indexes.mjs).
const searchSuffix = require('node:crypto').randomBytes(4).toString('hex');
process.env.SEARCH_INDEX ??= `test-${searchSuffix}-artifacts`;
process.env.SEARCH_CONSUMER_GROUP ??= `test-${searchSuffix}.artifacts.search-index`;
