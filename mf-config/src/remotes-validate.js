// The one validator of remotes.json, shared by the shell (browser build, through the package
// export "@jmswap/mf-config/remotes") and `npm run remote:use`. Pure: no node imports here.
// Entries are checked one by one, so one bad line costs only its own feature.

/** @type {readonly import('./remotes-validate').RemoteKey[]} */
const REMOTE_KEYS = ['swap', 'liquidity', 'charts', 'pools', 'listing'];

// A released version folder: "1.2.0", "0.9.0-e2e". Never "latest" or a range.
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]*$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// A SHA-384 in Subresource Integrity form: the pin of a version's release record (release.json).
const PIN = /^sha384-[A-Za-z0-9+/]{64}$/;

// A file of a version folder as its manifest names it ("remoteEntry.js", "5753.66497a13.js").
const FILE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*\.(js|css)$/;

/** Checks a version folder name; returns the problem, or undefined when it is released-shaped. */
function versionProblem(version) {
  if (typeof version !== 'string' || !VERSION.test(version) || version === 'latest')
    return `version ${JSON.stringify(version)} is not a released version folder`;
  return undefined;
}

/** A canary share: `{ version, percent }`, percent of users (0 < percent < 100) get `version`. */
function canaryProblem(canary, version) {
  if (!canary || typeof canary !== 'object' || Array.isArray(canary))
    return 'canary must be an object with version and percent';
  const badVersion = versionProblem(canary.version);
  if (badVersion) return `canary ${badVersion}`;
  if (canary.version === version) return `canary version ${canary.version} is the version itself`;
  const { percent } = canary;
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent <= 0 || percent >= 100)
    return `canary percent ${JSON.stringify(percent)} must be a number between 0 and 100 (exclusive)`;
  return undefined;
}

/**
 * The `integrity` pins of an entry: `{ "<version>": "sha384-<base64>" }`, the SHA-384 of each
 * version's release.json (`npm run remote:use` writes them). Bad pins are dropped and reported.
 */
function readPins(raw, dropped) {
  if (raw === undefined) return {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    dropped('integrity ignored: it must map versions to "sha384-..." pins');
    return {};
  }
  const pins = {};
  for (const [version, pin] of Object.entries(raw)) {
    if (versionProblem(version)) dropped(`integrity pin for ${JSON.stringify(version)} ignored`);
    else if (typeof pin !== 'string' || !PIN.test(pin))
      dropped(`integrity pin for ${version} ignored: not a sha384-<base64> hash`);
    else pins[version] = pin;
  }
  return pins;
}

/**
 * The `preload` hints of an entry: `{ "<version>": { "<file>": "sha384-<base64>" } }`, the files
 * of the shell's screens (remote entry, first chunks and styles) with their record's hashes,
 * written with the pin. The html's head script preloads them as soon as remotes.json arrives
 * instead of after the version's manifest and record; nothing runs on their say: the runtime
 * checks the record, and a preload whose hash is not the record's is simply not used. A version
 * whose hints are not all valid gets none (the head script then reads its manifest).
 */
function readPreload(raw, pins, dropped) {
  if (raw === undefined) return undefined;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    dropped('preload ignored: it must map versions to { file: "sha384-..." }');
    return undefined;
  }
  const preload = {};
  for (const [version, files] of Object.entries(raw)) {
    const valid =
      !versionProblem(version) &&
      pins[version] &&
      files &&
      typeof files === 'object' &&
      !Array.isArray(files) &&
      Object.entries(files).every(
        ([file, hash]) => FILE.test(file) && typeof hash === 'string' && PIN.test(hash),
      );
    if (valid) preload[version] = { ...files };
    else
      dropped(
        `preload for ${JSON.stringify(version)} ignored: not pinned files with sha384 hashes`,
      );
  }
  return Object.keys(preload).length ? preload : undefined;
}

// A base's folder path as a CSP source expression may name it (csp.js): no ";", ",", quote or
// space can end the expression or start another directive.
const BASE_PATH = /^(\/[A-Za-z0-9._~%+=@!-]+)*\/*$/;

/**
 * Why `base` cannot be a remote's base, or undefined. The shell and the CSP match every url of a
 * remote against its version folder as the browser writes urls (WHATWG-canonical: lower-case
 * host, punycode, no default port, no "." or ".." segments, percent-encoding); a base written any
 * other way (`https://CDN.x/swap`, `:443`, `a/../swap`) would match none of them, and nothing of
 * that remote would be checked. So the written form must be the canonical one, and a plain
 * folder: no query, fragment or credentials.
 */
function baseProblem(base, url) {
  const canonical = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  if (base.replace(/\/+$/, '') !== canonical)
    return `its base ${JSON.stringify(base)} is not in canonical form: write it as ${canonical}`;
  if (!BASE_PATH.test(url.pathname))
    return `its base ${JSON.stringify(base)} has a path a Content-Security-Policy cannot name (use letters, digits, -._~%+=@!)`;
  return undefined;
}

/**
 * One entry: `{ ok: true, entry, problems }` or `{ ok: false, message, refused? }` (the message
 * names the key; `refused`: a base not in canonical form, reported like one off allowedOrigins).
 * An invalid optional part (fallbackVersion, canary) is dropped and reported in `problems`; the
 * entry itself still loads.
 */
function validateRemoteEntry(key, raw) {
  const fail = (why) => ({ ok: false, message: `remotes.json: "${key}" ${why}` });
  if (!REMOTE_KEYS.includes(key))
    return fail(`is not a JMSwap feature (${REMOTE_KEYS.join(', ')})`);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return fail('must be an object with name, base and version');
  const { name, base, version } = raw;
  if (typeof name !== 'string' || typeof base !== 'string' || typeof version !== 'string')
    return fail('needs name, base and version');
  if (!NAME.test(name)) return fail(`name "${name}" is not a federation name`);
  const badVersion = versionProblem(version);
  if (badVersion) return fail(badVersion);
  let url;
  try {
    url = new URL(base);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return fail('base must be an http(s) url');
  const badBase = baseProblem(base, url);
  if (badBase)
    return { ok: false, refused: true, message: `remotes.json: "${key}" refused: ${badBase}` };
  const entry = { name, base: base.replace(/\/+$/, ''), version };
  const problems = [];
  const dropped = (why) => problems.push(`remotes.json: "${key}" ${why}`);
  if (raw.fallbackVersion !== undefined) {
    const badFallback = versionProblem(raw.fallbackVersion);
    if (badFallback) dropped(`fallbackVersion ignored: ${badFallback.replace(/^version /, '')}`);
    else if (raw.fallbackVersion === version)
      dropped(`fallbackVersion ignored: it is the version itself (${version})`);
    else entry.fallbackVersion = raw.fallbackVersion;
  }
  if (raw.canary !== undefined) {
    const badCanary = canaryProblem(raw.canary, version);
    if (badCanary) dropped(`canary ignored: ${badCanary}`);
    else entry.canary = { version: raw.canary.version, percent: raw.canary.percent };
  }
  entry.integrity = readPins(raw.integrity, dropped);
  const preload = readPreload(raw.preload, entry.integrity, dropped);
  if (preload) entry.preload = preload;
  return { ok: true, entry, problems };
}

/**
 * The origins remotes may be loaded from (`"allowedOrigins"` at the top of remotes.json): the
 * valid ones, and a problem for each that is not a bare http(s) origin.
 */
function readAllowedOrigins(raw) {
  if (!Array.isArray(raw)) return { origins: [], problems: [] };
  const origins = [];
  const problems = [];
  for (const value of raw) {
    let url;
    try {
      url = typeof value === 'string' ? new URL(value) : undefined;
    } catch {
      url = undefined;
    }
    const web = url && (url.protocol === 'http:' || url.protocol === 'https:');
    if (web && value.replace(/\/+$/, '') === url.origin) origins.push(url.origin);
    else
      problems.push({
        key: 'allowedOrigins',
        message: `remotes.json: allowedOrigins entry ${JSON.stringify(value)} is not an http(s) origin; ignored`,
      });
  }
  return { origins, problems };
}

/**
 * The whole file: the valid entries, the allowed origins, and one problem per bad entry. An
 * entry whose base is not on allowedOrigins is refused (`refused: true`): no remote code is
 * loaded from a host the deployment did not list. Throws only when there is no "remotes"
 * object at all (then nothing can be loaded and the caller says so).
 */
function parseRemotesFile(input) {
  const remotes = input && typeof input === 'object' ? input.remotes : undefined;
  if (!remotes || typeof remotes !== 'object' || Array.isArray(remotes))
    throw new Error('remotes.json has no "remotes" object');
  const allowed = readAllowedOrigins(input.allowedOrigins);
  const out = { remotes: {}, problems: [...allowed.problems], allowedOrigins: allowed.origins };
  for (const [key, raw] of Object.entries(remotes)) {
    const result = validateRemoteEntry(key, raw);
    if (!result.ok) {
      out.problems.push({ key, message: result.message, ...(result.refused && { refused: true }) });
      continue;
    }
    const origin = new URL(result.entry.base).origin;
    if (!allowed.origins.includes(origin)) {
      const list = allowed.origins.length ? allowed.origins.join(', ') : 'none listed';
      out.problems.push({
        key,
        refused: true,
        message: `remotes.json: "${key}" refused: its base ${origin} is not in allowedOrigins (${list})`,
      });
      continue;
    }
    out.remotes[key] = result.entry;
    for (const message of result.problems) out.problems.push({ key, message });
  }
  return out;
}

/**
 * The version a browser runs: the canary's for the share of browsers whose sticky bucket
 * (0-99, kept per browser) is below its percent, else the listed one.
 */
const chosenVersion = (entry, bucket) =>
  entry.canary && bucket < entry.canary.percent ? entry.canary.version : entry.version;

/** The versions to try in order: the chosen one, then the listed one, then the fallback. */
const versionsToTry = (entry, bucket) => [
  ...new Set([chosenVersion(entry, bucket), entry.version, entry.fallbackVersion].filter(Boolean)),
];

/**
 * The folders of the versions of `entry` the shell may run (the listed one, the canary's, the
 * fallbackVersion) that remotes.json pins: `${base}/${version}/`, canonical (the base is). The
 * page's Content-Security-Policy allows scripts and stylesheets from these folders only
 * (csp.js), and the shell reloads a page whose policy predates a folder it needs (federation.ts).
 */
const pinnedFolders = (entry) =>
  [...new Set([entry.version, entry.canary?.version, entry.fallbackVersion])]
    .filter((v) => v && entry.integrity?.[v])
    .map((v) => `${entry.base}/${v}/`);

/** The manifest url of `version` (the entry's own by default; its fallbackVersion or canary's). */
const manifestUrl = (entry, version = entry.version) => `${entry.base}/${version}/mf-manifest.json`;

/**
 * The federation runtime's remote list, in feature order; the widget asks only for swap.
 * `versions` picks the version per remote (the chosen one, or a fallback); the listed by default.
 */
function toFederationRemotes(file, only, versions = {}) {
  return REMOTE_KEYS.filter((k) => file[k] && (!only || only.includes(k))).map((k) => ({
    name: file[k].name,
    entry: manifestUrl(file[k], versions[k]),
  }));
}

module.exports = {
  REMOTE_KEYS,
  versionProblem,
  canaryProblem,
  validateRemoteEntry,
  parseRemotesFile,
  manifestUrl,
  toFederationRemotes,
  chosenVersion,
  versionsToTry,
  pinnedFolders,
};
