// forceExit: WalletConnect's SDK (2.25), used for real against the devnet's relay in
// src/adapters/evm/walletconnect.test.ts, keeps timers alive after its clients are closed
// (transportClose and heartbeat.stop do not end them all); jest would otherwise wait for them
// forever once every test has passed.
module.exports = {
  ...require('../jest.base.cjs')({ dir: __dirname, environment: 'node', setup: [] }),
  forceExit: true,
};
