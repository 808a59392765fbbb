module.exports = {
  ...require('../jest.base.cjs')({ dir: __dirname, environment: 'node', setup: [] }),
  // fastify's inject uses cookie@2, shipped as ESM only: let swc transpile it too.
  transformIgnorePatterns: [
    '/node_modules/(?!(@noble|@scure|ethereum-cryptography|cookie)/)(?!.*/node_modules/cookie/)',
  ],
  // One PostgreSQL server for the run (every storage test runs on PGlite and on PostgreSQL).
  globalSetup: '<rootDir>/src/test/pg-global-setup.ts',
  globalTeardown: '<rootDir>/src/test/pg-global-teardown.ts',
  testTimeout: 120000,
};
