// remotes.json: the one file operators edit to point a feature at a version.
// { "remotes": { "swap": { "name": "mfe_swap", "base": "http://localhost:8081", "version": "1.0.0" } } }
// The manifest url is `${base}/${version}/mf-manifest.json`; rolling back = changing one "version" line.
const fs = require('node:fs');
const path = require('node:path');
const { APPS, REMOTE_APPS, appVersion, runConfigDir } = require('./apps');
const validate = require('./remotes-validate');

function defaultRemotesFile(host = 'http://localhost') {
  const remotes = {};
  for (const app of REMOTE_APPS) {
    const { remoteKey, federationName, port } = APPS[app];
    remotes[remoteKey] = {
      name: federationName,
      base: `${host}:${port}`,
      version: appVersion(app),
    };
  }
  // The hosts remote code may come from; a base elsewhere is refused by the shell.
  const allowedOrigins = Object.values(remotes).map((r) => r.base);
  return { allowedOrigins, remotes };
}

function remotesFilePath(dir = runConfigDir) {
  return path.join(dir, 'remotes.json');
}

function readRemotesFile(dir = runConfigDir) {
  const file = remotesFilePath(dir);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : defaultRemotesFile();
}

function writeRemotesFile(content, dir = runConfigDir) {
  fs.mkdirSync(dir, { recursive: true });
  // One remote per line block, "version" on its own line, so a rollback is a one-line diff.
  fs.writeFileSync(remotesFilePath(dir), JSON.stringify(content, null, 2) + '\n');
}

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** semver order of two version folders: -1, 0, 1, or undefined when one is not semver. */
function compareVersions(a, b) {
  const [x, y] = [SEMVER.exec(a), SEMVER.exec(b)];
  if (!x || !y) return undefined;
  for (let i = 1; i <= 3; i++)
    if (Number(x[i]) !== Number(y[i])) return Number(x[i]) < Number(y[i]) ? -1 : 1;
  if (!x[4] || !y[4]) return x[4] === y[4] ? 0 : x[4] ? -1 : 1; // 1.0.0-rc1 < 1.0.0
  const [p, q] = [x[4].split('.'), y[4].split('.')];
  for (let i = 0; i < Math.max(p.length, q.length); i++) {
    if (p[i] === undefined || q[i] === undefined) return p[i] === undefined ? -1 : 1;
    if (p[i] === q[i]) continue;
    const [m, n] = [/^\d+$/.test(p[i]), /^\d+$/.test(q[i])];
    if (m && n) return Number(p[i]) < Number(q[i]) ? -1 : 1;
    if (m !== n) return m ? -1 : 1;
    return p[i] < q[i] ? -1 : 1;
  }
  return 0;
}

/**
 * The entry after pointing it at `version`, and what changed, in words. fallbackVersion (the
 * last good version, for the shell to load when `version` fails):
 * - moving forward (a higher version, or one that cannot be ordered), the version being
 *   replaced becomes the fallback: it is what users ran until now;
 * - rolling back (a lower version, or the fallback itself), the version rolled back from is
 *   never made the fallback; the existing fallback stays unless it is the new version;
 * - `fallback: '<v>'` sets it, `fallback: false` removes it.
 * `canary: <percent>` instead gives `version` to that share of users and keeps the rest (and
 * the fallback) as they are; a full switch ends any canary.
 */
function switchVersion(current, version, { fallback, canary } = {}) {
  const entry = { ...current };
  const notes = [];
  const previous = current.version;
  if (canary !== undefined) {
    if (canary === 0) {
      delete entry.canary;
      notes.push(current.canary ? `canary ${current.canary.version} ended` : 'no canary to end');
    } else {
      entry.canary = { version, percent: canary };
      notes.push(`canary: ${canary}% of users get ${version}, the others ${previous}`);
    }
    return { entry, notes };
  }
  entry.version = version;
  if (current.canary) {
    delete entry.canary;
    notes.push(
      current.canary.version === version
        ? `canary ${version} promoted to every user`
        : `canary ${current.canary.version} ended`,
    );
  }
  let next = current.fallbackVersion;
  if (fallback === false) next = undefined;
  else if (typeof fallback === 'string') next = fallback;
  else if (previous && previous !== version) {
    const rollback = version === current.fallbackVersion || compareVersions(version, previous) < 0;
    if (rollback) notes.push(`rolling back from ${previous}: it is not kept as the fallback`);
    else next = previous;
  }
  if (next === version) next = undefined;
  if (next) entry.fallbackVersion = next;
  else delete entry.fallbackVersion;
  notes.push(next ? `fallbackVersion ${next}` : 'no fallbackVersion');
  return { entry, notes };
}

/**
 * The entry's integrity pins after a switch: those of the versions it still names (version,
 * fallbackVersion, canary), the fresh ones (`{ version: pin }`, from the preflight) winning.
 */
function keptPins(entry, fresh = {}) {
  const inUse = [entry.version, entry.fallbackVersion, entry.canary?.version].filter(Boolean);
  return Object.fromEntries(
    inUse.map((v) => [v, fresh[v] ?? entry.integrity?.[v]]).filter(([, pin]) => pin),
  );
}

module.exports = {
  keptPins,
  compareVersions,
  switchVersion,
  defaultRemotesFile,
  readRemotesFile,
  writeRemotesFile,
  remotesFilePath,
  validateRemoteEntry: validate.validateRemoteEntry,
  parseRemotesFile: validate.parseRemotesFile,
  versionProblem: validate.versionProblem,
};
