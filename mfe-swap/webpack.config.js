const { createRemoteConfig } = require('@jmswap/mf-config');

module.exports = (env = {}, argv = {}) =>
  createRemoteConfig({
    appDir: __dirname,
    name: 'mfe_swap',
    exposes: { './SwapPanel': './src/SwapPanel.tsx' },
    mode: argv.mode,
    version: env.version,
  });
