// PGlite loads as an ES module, which jest only supports under node --experimental-vm-modules
// (the flag `npm test` passes). A plain `npx jest` here re-runs itself once with the flag, so
// both ways run the same tests.
if (
  !process.execArgv.includes('--experimental-vm-modules') &&
  !/--experimental-vm-modules/.test(process.env.NODE_OPTIONS ?? '') &&
  /jest(\.js)?$/.test(process.argv[1] ?? '')
) {
  const { status } = require('node:child_process').spawnSync(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(status ?? 1);
}

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
  testSequencer: '<rootDir>/src/test/sequencer.cjs',
};
