// The one shared-dependency map every app (shell, widget, remotes) uses.
// Singletons so the whole page has one React and one shared-chain (one wallet session, one
// cache, one RxJS bus inside it). rxjs itself is not shared: a shared module is never
// tree-shaken (any remote may use any export), which put all of rxjs (17 KiB gzip) in every
// first load; bundled, each app carries only the few operators it uses (~4 KiB), and the bus's
// observables work across copies (rxjs interop goes through pipe/subscribe, not instanceof).
// Versions are explicit: shared-chain's own package.json version,
// never a workspace range (see module-federation-notes 1.3 / 3.4).
// shared-chain's package version IS its API version: a remote records `^<version it was built
// against>`, so a change that removes or changes an export needs a major bump, an added export
// a minor one. strictVersion makes a mismatch fail that remote's load (its fallback with Retry)
// instead of running it against an API it was not built for; the same for React, where two
// majors on one page break hooks. Highcharts keeps working across minors: warn only.
const path = require('node:path');
const { repoRoot } = require('./apps');

const versionOf = (pkgJson) => require(pkgJson).version;

function createSharedConfig() {
  const react = versionOf('react/package.json');
  const reactDom = versionOf('react-dom/package.json');
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
    '@jmswap/shared-chain': strict(sharedChain),
    highcharts: single(highcharts),
  };
}

module.exports = { createSharedConfig };
