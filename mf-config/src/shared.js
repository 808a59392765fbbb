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

/**
 * JMSWAP_SHARED_VERSIONS='{"@jmswap/shared-chain":"3.2.0"}' builds an app as if it had been built
 * against those versions (it declares and requires them): the version-skew tests build real
 * remotes from another time this way, without touching the repo's package files.
 */
function builtAgainst() {
  const raw = process.env.JMSWAP_SHARED_VERSIONS;
  if (!raw) return {};
  const parsed = JSON.parse(raw);
  for (const [name, version] of Object.entries(parsed))
    if (typeof version !== 'string' || !/^\d+\.\d+\.\d+/.test(version))
      throw new Error(`JMSWAP_SHARED_VERSIONS: ${name} needs a semver version, not ${version}`);
  return parsed;
}

function createSharedConfig() {
  const override = builtAgainst();
  const react = override.react ?? versionOf('react/package.json');
  const reactDom = override['react-dom'] ?? versionOf('react-dom/package.json');
  const highcharts = override.highcharts ?? versionOf('highcharts/package.json');
  const sharedChain =
    override['@jmswap/shared-chain'] ?? versionOf(path.join(repoRoot, 'shared-chain/package.json'));
  const single = (version) => ({ singleton: true, version, requiredVersion: `^${version}` });
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
