const { createRemoteConfig } = require('@jmswap/mf-config');

module.exports = (env = {}, argv = {}) =>
  createRemoteConfig({
    appDir: __dirname,
    name: 'mfe_charts',
    exposes: { './ChartsPage': './src/ChartsPage.tsx', './Chart': './src/Chart.tsx' },
    mode: argv.mode,
    version: env.version,
  });
