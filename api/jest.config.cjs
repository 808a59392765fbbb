module.exports = {
  ...require('../jest.base.cjs')({ dir: __dirname, environment: 'node', setup: [] }),
  globalSetup: '<rootDir>/src/test/pg-global-setup.ts',
  globalTeardown: '<rootDir>/src/test/pg-global-teardown.ts',
  testTimeout: 120000,
};
