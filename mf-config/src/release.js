// Releasing one remote: `npm run remote:release -- pools 1.0.1` builds mfe-pools into
// mfe-pools/dist/1.0.1/ and writes the release record beside the build (release.json):
// what it is (remote, federation name, version, source commit), what it exposes, what it needs
// from the page (shared modules: requiredVersion, singleton, strictVersion) and a SHA-384 (SRI
// form) of every file the manifest names and of mf-manifest.json itself. `remote:use` checks a
// deployed folder against that record before any user is pointed at it (preflight.js).
//
// A released folder is never overwritten. The build goes to a hidden staging folder beside it
// (dist/.release-<version>-<pid>/: jmswap-serve never serves dotfiles) and is renamed into place
// only once it is complete and recorded, so a failed or interrupted build leaves no half folder.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { spawn, execFileSync } = require('node:child_process');
const { APPS, REQUIRED_EXPOSES, appDir, remoteApp, repoRoot } = require('./apps');
const { REMOTE_KEYS, versionProblem } = require('./remotes-validate');
const { createSharedConfig } = require('./shared');

const RECORD_FILE = 'release.json';
const MANIFEST_FILE = 'mf-manifest.json';
const STATS_FILE = 'mf-stats.json';

class ReleaseError extends Error {}

/** Subresource Integrity form of a SHA-384: "sha384-<base64>". */
const sri = (bytes) => `sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`;

/** Every script and stylesheet in a build folder (relative paths, sorted). */
function codeFiles(folder, prefix = '') {
  return fs
    .readdirSync(path.join(folder, prefix), { withFileTypes: true })
    .flatMap((d) => {
      const rel = prefix ? `${prefix}/${d.name}` : d.name;
      if (d.name.startsWith('.')) return [];
      if (d.isDirectory()) return codeFiles(folder, rel);
      return /\.(m?js|css)$/.test(d.name) ? [rel] : [];
    })
    .sort();
}

/**
 * The release.json's compressed twins, as the build writes them beside every other text file
 * (webpack.js' precompressed(): gzip level 9, brotli 11 under 256 KB, none under 1 KB): the
 * static server sends a browser the .br, so the ~11 KB record the shell reads before a remote's
 * code costs ~6.4 KB on the wire (its SHA-384s do not compress). A twin is always the record's
 * own bytes compressed: one that is not (stale, or another record's) is rewritten, and none is
 * left beside a record under 1 KB.
 */
const TWINS = [
  ['.gz', (bytes) => zlib.gzipSync(bytes, { level: 9 }), zlib.gunzipSync],
  [
    '.br',
    (bytes) =>
      zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    zlib.brotliDecompressSync,
  ],
];
const TWIN_THRESHOLD = 1024;

/** Whether `file` holds `bytes` compressed by `decompress`'s format. */
function twinHolds(file, bytes, decompress) {
  try {
    return decompress(fs.readFileSync(file)).equals(bytes);
  } catch {
    return false;
  }
}

/**
 * Brings release.json's .gz and .br in line with it: written when missing or not its bytes,
 * removed when the record is under the threshold. Returns the twins written.
 */
function writeRecordTwins(folder) {
  const file = path.join(folder, RECORD_FILE);
  const bytes = fs.readFileSync(file);
  const written = [];
  for (const [ext, compress, decompress] of TWINS) {
    const twin = file + ext;
    if (bytes.length < TWIN_THRESHOLD) fs.rmSync(twin, { force: true });
    else if (!twinHolds(twin, bytes, decompress)) {
      // Beside the twin, then renamed over it: the server never sends a half-written one.
      const part = path.join(folder, `.${RECORD_FILE}${ext}-${process.pid}`);
      fs.writeFileSync(part, compress(bytes));
      fs.renameSync(part, twin);
      written.push(RECORD_FILE + ext);
    }
  }
  return written;
}

/**
 * The pin remotes.json keeps of a version: the SHA-384 of its release.json as served. Every
 * encoding the server picks from carries those bytes: its .gz/.br twins are brought in line
 * first (a record edited by hand, or written before records had twins).
 */
function recordPin(folder) {
  writeRecordTwins(folder);
  return sri(fs.readFileSync(path.join(folder, RECORD_FILE)));
}

/** A file name a manifest may name: relative, inside the folder. */
function safeRelative(name) {
  if (typeof name !== 'string' || name.length === 0 || name.startsWith('/')) return false;
  return !name.split('/').some((p) => p === '..' || p === '' || p === '.');
}

/**
 * Every file an mf-manifest.json names, in a stable order: remoteEntry.js, then the js and css
 * assets (sync and async) of every expose and of every shared module's fallback.
 */
function manifestFiles(manifest) {
  const entry = manifest?.metaData?.remoteEntry;
  const entryFile = entry?.name
    ? [entry.path?.replace(/\/+$/, ''), entry.name].filter(Boolean).join('/')
    : undefined;
  const assets = new Set();
  for (const section of ['exposes', 'shared'])
    for (const item of manifest?.[section] ?? [])
      for (const kind of ['js', 'css'])
        for (const when of ['sync', 'async'])
          for (const file of item?.assets?.[kind]?.[when] ?? []) assets.add(file);
  if (entryFile) assets.delete(entryFile);
  return [...(entryFile ? [entryFile] : []), ...[...assets].sort()];
}

/**
 * The share config a shared module was built with: its own key, else the longest "prefix/" key
 * it falls under (react/jsx-runtime under "react/"). The manifest omits singleton and
 * strictVersion for those subpath shares, though the runtime applies them.
 */
function shareConfigFor(name, config) {
  if (config[name]) return config[name];
  const prefix = Object.keys(config)
    .filter((k) => k.endsWith('/') && name.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  return prefix ? config[prefix] : undefined;
}

/**
 * What the build needs from the page, per shared module: the version it bundles as its
 * fallback, requiredVersion, singleton, strictVersion. From the manifest, with mf-stats.json
 * (which has strictVersion) and the share config filling what the manifest leaves out.
 */
function sharedRequirements(manifest, stats, shareConfig = createSharedConfig()) {
  const fromStats = new Map((stats?.shared ?? []).map((s) => [s.name, s]));
  const out = {};
  for (const s of [...(manifest?.shared ?? [])].sort((a, b) => a.name.localeCompare(b.name))) {
    const stat = fromStats.get(s.name) ?? {};
    const config = shareConfigFor(s.name, shareConfig) ?? {};
    const pick = (field, fallback) => s[field] ?? stat[field] ?? config[field] ?? fallback;
    out[s.name] = {
      version: s.version,
      requiredVersion: pick('requiredVersion', false),
      singleton: Boolean(pick('singleton', false)),
      strictVersion: Boolean(pick('strictVersion', false)),
    };
  }
  return out;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The commit the build came from, and whether the tree had uncommitted changes. */
function sourceOf(app) {
  try {
    const run = (args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
    const commit = run(['rev-parse', 'HEAD']);
    const dirs = [APPS[app].dir, 'shared-chain', 'mf-config', 'package-lock.json'];
    const dirty = run(['status', '--porcelain', '--', ...dirs]) !== '';
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}

/**
 * The release record of a built version folder. Throws a ReleaseError when the folder is not a
 * complete remote build (no manifest, another remote's manifest, a named file missing).
 */
function createReleaseRecord(folder, { remote, version, source, shareConfig }) {
  const app = remoteApp(remote);
  if (!app) throw new ReleaseError(`"${remote}" is not a remote (${REMOTE_KEYS.join(', ')})`);
  const manifestPath = path.join(folder, MANIFEST_FILE);
  if (!fs.existsSync(manifestPath)) throw new ReleaseError(`${folder} has no ${MANIFEST_FILE}`);
  const manifestBytes = fs.readFileSync(manifestPath);
  let manifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8'));
  } catch (error) {
    throw new ReleaseError(`${manifestPath} is not JSON: ${error.message}`);
  }
  const name = APPS[app].federationName;
  if (manifest.name !== name)
    throw new ReleaseError(`${manifestPath} is ${JSON.stringify(manifest.name)}'s, not ${name}'s`);
  const statsPath = path.join(folder, STATS_FILE);
  const stats = fs.existsSync(statsPath) ? readJson(statsPath) : undefined;
  const integrity = { [MANIFEST_FILE]: sri(manifestBytes) };
  const missing = [];
  for (const file of manifestFiles(manifest)) {
    if (!safeRelative(file))
      throw new ReleaseError(`${manifestPath} names a file outside its folder: ${file}`);
    const full = path.join(folder, file);
    if (!fs.existsSync(full)) missing.push(file);
    else integrity[file] = sri(fs.readFileSync(full));
  }
  if (missing.length)
    throw new ReleaseError(
      `the build is incomplete: ${MANIFEST_FILE} names ${missing.join(', ')}, not in ${folder}`,
    );
  // Code the manifest does not name (a lazy chunk of a shared module, the standalone page's
  // scripts) is recorded too: the shell refuses to run any script of the folder without a hash.
  for (const file of codeFiles(folder))
    integrity[file] ??= sri(fs.readFileSync(path.join(folder, file)));
  const entryFile = manifestFiles(manifest)[0];
  const entryCode = entryFile ? fs.readFileSync(path.join(folder, entryFile), 'utf8') : '';
  return {
    remote,
    app,
    name,
    version,
    // Built with remote-integrity.js: its chunks carry the record's hashes. The shell refuses a
    // version without it, whose chunks would load unchecked.
    chunkIntegrity: entryCode.includes('__jmswapIntegrity'),
    packageVersion: manifest.metaData?.buildInfo?.buildVersion ?? null,
    releasedAt: new Date().toISOString(),
    source: source ?? sourceOf(app),
    exposes: (manifest.exposes ?? []).map((e) => e.name).sort(),
    shared: sharedRequirements(manifest, stats, shareConfig),
    integrity,
  };
}

/**
 * Writes release.json and its compressed twins. The old twins go first: while the record is
 * rewritten the server sends the plain file, never a twin of another record.
 */
function writeReleaseRecord(folder, record) {
  const file = path.join(folder, RECORD_FILE);
  for (const [ext] of TWINS) fs.rmSync(file + ext, { force: true });
  fs.writeFileSync(file, JSON.stringify(record, null, 2) + '\n');
  writeRecordTwins(folder);
}

/** Required exposes (REQUIRED_EXPOSES) a record lacks, with who loads them. */
function missingExposes(remote, exposes) {
  return Object.entries(REQUIRED_EXPOSES[remote] ?? {})
    .filter(([expose]) => !exposes.includes(expose))
    .map(([expose, consumers]) => ({ expose, consumers }));
}

/**
 * Builds a remote as a deploy would (`webpack --mode production --env version=<v>`, without the
 * local dev wallet) into `outputPath`. Resolves when webpack exits 0; rejects with its output's
 * tail otherwise. `stdio: 'inherit'` shows webpack's output as it runs.
 */
function runWebpack({ app, version, outputPath, stdio = 'pipe' }) {
  const cli = require.resolve('webpack-cli/bin/cli.js');
  const env = { ...process.env };
  delete env.JMSWAP_DEV_WALLET;
  const args = [
    cli,
    '--mode',
    'production',
    '--env',
    `version=${version}`,
    '--output-path',
    outputPath,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: appDir(app),
      env,
      stdio: ['ignore', stdio, stdio],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      const tail = output.trim().split('\n').slice(-30).join('\n');
      reject(
        new ReleaseError(
          `webpack failed (${signal ?? `exit code ${code}`})${tail ? `:\n${tail}` : ''}`,
        ),
      );
    });
  });
}

const STAGING = /^\.release-(.+)-(\d+)$/;
const activeStaging = new Set();

/** Removes the staging folders of this process (for a CLI's SIGINT handler). */
function removeStaging() {
  for (const dir of activeStaging) fs.rmSync(dir, { recursive: true, force: true });
  activeStaging.clear();
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Staging folders of `version` that a killed earlier run left behind. */
function removeStaleStaging(distDir, version) {
  if (!fs.existsSync(distDir)) return;
  for (const name of fs.readdirSync(distDir)) {
    const m = STAGING.exec(name);
    if (m && m[1] === version && !pidAlive(Number(m[2])))
      fs.rmSync(path.join(distDir, name), { recursive: true, force: true });
  }
}

/**
 * Releases `remote` as `version`: builds into a staging folder, checks and records the build,
 * then renames it to `<distDir>/<version>/`. Refuses an existing version folder. Resolves with
 * `{ folder, record, warnings }`. `build(outputPath)` replaces webpack (tests); `recordOnly`
 * records an existing folder that has no record yet instead of building (a folder built by
 * `npm start` or before records existed: it is trusted as it is on disk). `onBuild(staging)` is
 * called when the checks passed and the build starts.
 */
async function releaseRemote({
  remote,
  version,
  distDir,
  build,
  recordOnly = false,
  stdio,
  onBuild = () => {},
}) {
  const app = remoteApp(remote);
  if (!app) throw new ReleaseError(`"${remote}" is not a remote (${REMOTE_KEYS.join(', ')})`);
  const badVersion = versionProblem(version);
  if (badVersion) throw new ReleaseError(`${badVersion} (use e.g. 1.0.1 or 1.1.0-rc1)`);
  distDir = distDir ?? path.join(appDir(app), 'dist');
  const folder = path.join(distDir, version);
  const warnings = [];
  const checkExposes = (record) => {
    for (const { expose, consumers } of missingExposes(remote, record.exposes))
      warnings.push(
        `${remote} ${version} does not expose ${expose}, which ${consumers.join(' and ')} load(s): remote:use will refuse it`,
      );
  };

  if (recordOnly) {
    if (!fs.existsSync(folder))
      throw new ReleaseError(`${folder} does not exist: nothing to record`);
    if (fs.existsSync(path.join(folder, RECORD_FILE)))
      throw new ReleaseError(
        `${remote} ${version} already has a release record (${path.join(folder, RECORD_FILE)}); it is never rewritten`,
      );
    const record = { ...createReleaseRecord(folder, { remote, version }), recordedExisting: true };
    writeReleaseRecord(folder, record);
    checkExposes(record);
    return { folder, record, warnings };
  }

  if (fs.existsSync(folder))
    throw new ReleaseError(
      `${remote} ${version} is already released: ${folder} exists, and a released folder is never overwritten. Release a new version (a higher one, or e.g. ${version}-2).`,
    );
  fs.mkdirSync(distDir, { recursive: true });
  removeStaleStaging(distDir, version);
  const staging = path.join(distDir, `.release-${version}-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  activeStaging.add(staging);
  try {
    onBuild(staging);
    await (build ? build(staging) : runWebpack({ app, version, outputPath: staging, stdio }));
    const record = createReleaseRecord(staging, { remote, version });
    writeReleaseRecord(staging, record);
    checkExposes(record);
    try {
      fs.renameSync(staging, folder);
    } catch (error) {
      if (fs.existsSync(folder))
        throw new ReleaseError(
          `${folder} appeared while building (another release of ${version}?); this build is discarded`,
        );
      throw error;
    }
    return { folder, record, warnings };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    activeStaging.delete(staging);
  }
}

module.exports = {
  RECORD_FILE,
  MANIFEST_FILE,
  ReleaseError,
  sri,
  safeRelative,
  manifestFiles,
  recordPin,
  shareConfigFor,
  sharedRequirements,
  createReleaseRecord,
  writeReleaseRecord,
  writeRecordTwins,
  missingExposes,
  runWebpack,
  releaseRemote,
  removeStaging,
};
