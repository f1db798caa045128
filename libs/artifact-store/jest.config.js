module.exports = require('../../jest.preset')(__dirname, process.env.JEST_KIND ?? 'unit');
