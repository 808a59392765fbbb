const { createRemoteConfig } = require('@jmswap/mf-config');

module.exports = (env = {}, argv = {}) =>
  createRemoteConfig({
    appDir: __dirname,
    name: 'mfe_listing',
    exposes: { './ListingPage': './src/exposed.ts' },
    mode: argv.mode,
    version: env.version,
  });
