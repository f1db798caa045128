// Node environment: specs that need a page build one with jsdom's JSDOM directly.
module.exports = require('../../jest.preset')(__dirname, process.env.JEST_KIND ?? 'unit');
