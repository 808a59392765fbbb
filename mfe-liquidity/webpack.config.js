const { createRemoteConfig } = require('@jmswap/mf-config');

module.exports = (env = {}, argv = {}) =>
  createRemoteConfig({
    appDir: __dirname,
    name: 'mfe_liquidity',
    exposes: { './LiquidityPanel': './src/LiquidityPanel.tsx' },
    mode: argv.mode,
    version: env.version,
  });
