// The one shared-dependency map every app (shell, widget, remotes) uses.
// Singletons so the whole page has one React, one RxJS and one shared-chain (one wallet
// session, one cache). Versions are explicit: shared-chain's own package.json version,
// never a workspace range (see module-federation-notes 1.3 / 3.4).
// shared-chain's package version IS its API version: a remote records `^<version it was built
// against>`, so a change that removes or changes an export needs a major bump, an added export
// a minor one. strictVersion makes a mismatch fail that remote's load (its fallback with Retry)
// instead of running it against an API it was not built for; the same for React, where two
// majors on one page break hooks. rxjs and Highcharts keep working across minors: warn only.
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
  const strict = (version) => ({ ...single(version), strictVersion: true });
  return {
    react: strict(react),
    // Subpath entries: without them react/jsx-runtime and react-dom/client get bundled twice.
    'react/': strict(react),
    'react-dom': strict(reactDom),
    'react-dom/': strict(reactDom),
    rxjs: single(rxjs),
    '@jmswap/shared-chain': strict(sharedChain),
    highcharts: single(highcharts),
  };
}

module.exports = { createSharedConfig };
