/* global jest */
// Integration suites talk to a real broker and database: give them room, per project.
jest.setTimeout(60000);
