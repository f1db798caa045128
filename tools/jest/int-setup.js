/* global jest */
// Integration suites talk to a real broker and database: give them room, per project.
jest.setTimeout(60000);
// In-process services (and the ones spawned from here, which inherit it) stop without waiting out
// kafkajs's 5 s idle fetch at every shutdown (KAFKA_CONSUMER_MAX_WAIT_MS, docs/operations.md).
process.env.KAFKA_CONSUMER_MAX_WAIT_MS ??= '250';
