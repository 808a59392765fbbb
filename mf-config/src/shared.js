// The one shared-dependency map every app (shell, widget, remotes) uses.
// Singletons so the whole page has one React, one RxJS and one shared-chain (one wallet
// session, one cache). Versions are explicit: shared-chain's own package.json version,
// never a workspace range (see module-federation-notes 1.3 / 3.4).
const path = require('node:path');
const { repoRoot } = require('./apps');

const versionOf = (pkgJson) => require(pkgJson).version;

function createSharedConfig() {
  const react = versionOf('react/package.json');
  const reactDom = versionOf('react-dom/package.json');
  const rxjs = versionOf('rxjs/package.json');
  const highcharts = versionOf('highcharts/package.json');
  const sharedChain = versionOf(path.join(repoRoot, 'shared-chain/package.json'));
  const single = (version) => ({ singleton: true, requiredVersion: `^${version}` });
  return {
    react: single(react),
    // Subpath entries: without them react/jsx-runtime and react-dom/client get bundled twice.
    'react/': single(react),
    'react-dom': single(reactDom),
    'react-dom/': single(reactDom),
    rxjs: single(rxjs),
    '@jmswap/shared-chain': single(sharedChain),
    highcharts: single(highcharts),
  };
}

module.exports = { createSharedConfig };
