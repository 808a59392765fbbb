module.exports = {
  ...require('../jest.base.cjs')({ dir: __dirname, environment: 'node', setup: [] }),
  // The test harness's chains, saved once per run and restored by the next file.
  globalSetup: '<rootDir>/src/test/run-cache.setup.ts',
  globalTeardown: '<rootDir>/src/test/run-cache.teardown.ts',
};
