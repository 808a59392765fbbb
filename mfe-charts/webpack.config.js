const { createRemoteConfig } = require('@jmswap/mf-config');

module.exports = (env = {}, argv = {}) =>
  createRemoteConfig({
    appDir: __dirname,
    name: 'mfe_charts',
    exposes: {
      './ChartsPage': './src/ChartsPage.tsx',
      './Chart': './src/Chart.tsx',
      // Loaded by the swap box at run time (never a source import between remotes).
      './MiniChart': './src/MiniChart.tsx',
      './HistoryPanel': './src/HistoryPanel.tsx',
    },
    mode: argv.mode,
    version: env.version,
  });
