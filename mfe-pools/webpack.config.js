const { createRemoteConfig } = require('@jmswap/mf-config');

module.exports = (env = {}, argv = {}) =>
  createRemoteConfig({
    appDir: __dirname,
    name: 'mfe_pools',
    exposes: { './PoolsPage': './src/PoolsPage.tsx' },
    mode: argv.mode,
    version: env.version,
  });
