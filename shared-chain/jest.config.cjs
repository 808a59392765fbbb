// forceExit: WalletConnect's SDK (2.25), used for real against the devnet's relay in
// src/adapters/evm/walletconnect.test.ts, keeps timers alive after its clients are closed
// (transportClose and heartbeat.stop do not end them all); jest would otherwise wait for them
// forever once every test has passed.
module.exports = {
  ...require('../jest.base.cjs')({ dir: __dirname, environment: 'node', setup: [] }),
  forceExit: true,
  // The chains the devnet tests deploy, saved once per run and restored by the next file.
  globalSetup: '<rootDir>/src/test/chain-cache.setup.ts',
  globalTeardown: '<rootDir>/src/test/chain-cache.teardown.ts',
};
