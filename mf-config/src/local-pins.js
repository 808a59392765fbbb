// The local stacks (npm start, the e2e suite) build remotes in place, so their version folders
// change with every build: before remotes.json is written, each version it names that is built
// on this machine gets a release record and its pin, the way `remote:release` and
// `remote:use` do it for a deploy. A record `remote:release` wrote is never rewritten here:
// when its files changed, the browser must refuse them.
const fs = require('node:fs');
const path = require('node:path');
const { distDir, remoteApp } = require('./apps');
const {
  RECORD_FILE,
  createReleaseRecord,
  writeReleaseRecord,
  recordPin,
  ReleaseError,
} = require('./release');
const { keptPins } = require('./remotes-file');
const { readPreloadHints } = require('./preload-hints');
const { versionProblem } = require('./remotes-validate');

// Marks records this file writes (a source object, as remote:release writes one).
const LOCAL_SOURCE = { commit: null, dirty: true, localBuild: true };
const isLocalRecord = (record) => record?.source?.localBuild === true;

function readRecord(folder) {
  try {
    return JSON.parse(fs.readFileSync(path.join(folder, RECORD_FILE), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The pin of a local version folder, recording it first when it has no record or a stale
 * record of a local build. Undefined when the folder is not here or is not a complete build.
 */
function pinLocalVersion(remote, version) {
  const app = remoteApp(remote);
  if (!app || versionProblem(version)) return undefined;
  const folder = path.join(distDir(app), version);
  if (!fs.existsSync(path.join(folder, 'mf-manifest.json'))) return undefined;
  const existing = readRecord(folder);
  if (!existing || isLocalRecord(existing)) {
    let fresh;
    try {
      fresh = createReleaseRecord(folder, { remote, version, source: LOCAL_SOURCE });
    } catch (error) {
      if (error instanceof ReleaseError) return undefined;
      throw error;
    }
    const same = existing && JSON.stringify(existing.integrity) === JSON.stringify(fresh.integrity);
    if (!same) writeReleaseRecord(folder, fresh);
  }
  return recordPin(folder);
}

/**
 * remotes.json with a pin for every version it names that is built here (version,
 * fallbackVersion, canary), and the preload hints of its screens' files (preload-hints.js);
 * pins and hints of versions built elsewhere are kept as they are.
 */
function pinLocalBuilds(file) {
  const remotes = {};
  for (const [key, entry] of Object.entries(file.remotes ?? {})) {
    if (!entry || typeof entry !== 'object') {
      remotes[key] = entry;
      continue;
    }
    const versions = [entry.version, entry.fallbackVersion, entry.canary?.version];
    const fresh = {};
    const hints = {};
    for (const v of versions) {
      const pin = typeof v === 'string' ? pinLocalVersion(key, v) : undefined;
      if (!pin) continue;
      fresh[v] = pin;
      const files = readPreloadHints(path.join(distDir(remoteApp(key)), v), key);
      if (files) hints[v] = files;
    }
    const integrity = keptPins(entry, fresh);
    // Hints of versions built elsewhere stay as written; those built here follow the build.
    const preload = Object.fromEntries(
      Object.entries({ ...entry.preload, ...hints }).filter(
        ([v]) => integrity[v] && (hints[v] || !fresh[v]),
      ),
    );
    remotes[key] = { ...entry, integrity };
    if (Object.keys(preload).length) remotes[key].preload = preload;
    else delete remotes[key].preload;
  }
  return { ...file, remotes };
}

module.exports = { pinLocalBuilds, pinLocalVersion, LOCAL_SOURCE };
