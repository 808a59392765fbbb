module.exports = {
  ...require('../jest.base.cjs')({ dir: __dirname }),
  testMatch: ['**/*.test.js'],
};
