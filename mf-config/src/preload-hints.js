// The `preload` hints of remotes.json (remotes-validate.js): which files of a version folder the
// shell's screens of a remote need first (its entry, the exposed screens' first chunks and
// styles, as the manifest names them) with the hash its release record gives each. Written next
// to the version's pin, so the html's head script can preload them as soon as remotes.json
// arrives, one round trip before it could read the manifest.
const fs = require('node:fs');
const path = require('node:path');
const { REQUIRED_EXPOSES } = require('./apps');
const { RECORD_FILE } = require('./release');

/** The exposes of `remote` that are the shell's route screens (SwapPanel, PoolsPage, ...). */
const shellScreens = (remote) =>
  Object.entries(REQUIRED_EXPOSES[remote] ?? {})
    .filter(([, users]) => users.includes('shell'))
    .map(([expose]) => expose);

/**
 * `{ file: hash }` for the entry and the sync js and css of `exposes`, from a version's manifest
 * and release record; undefined when a file is missing from the record (then the head script
 * reads the manifest, as without hints) or the manifest places files elsewhere (a publicPath).
 */
function preloadHints(manifest, record, exposes) {
  const meta = manifest?.metaData ?? {};
  if (meta.publicPath && meta.publicPath !== 'auto') return undefined;
  const entry = meta.remoteEntry?.name;
  if (!entry || meta.remoteEntry.path) return undefined;
  const files = [entry];
  for (const name of exposes) {
    const assets = manifest.exposes?.find((e) => e.name === name)?.assets;
    if (!assets) return undefined;
    files.push(...(assets.js?.sync ?? []), ...(assets.css?.sync ?? []));
  }
  const hints = {};
  for (const file of files) {
    const hash = record?.integrity?.[file];
    if (!hash) return undefined;
    hints[file] = hash;
  }
  return hints;
}

/** The hints of a built version folder of `remote`, or undefined. */
function readPreloadHints(folder, remote) {
  try {
    const read = (file) => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
    return preloadHints(read('mf-manifest.json'), read(RECORD_FILE), shellScreens(remote));
  } catch {
    return undefined;
  }
}

module.exports = { preloadHints, readPreloadHints, shellScreens };
