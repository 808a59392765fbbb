// The one validator of remotes.json, shared by the shell (browser build, through the package
// export "@jmswap/mf-config/remotes") and `npm run remote:use`. Pure: no node imports here.
// Entries are checked one by one, so one bad line costs only its own feature.

/** @type {readonly import('./remotes-validate').RemoteKey[]} */
const REMOTE_KEYS = ['swap', 'liquidity', 'charts', 'pools', 'listing'];

// A released version folder: "1.2.0", "0.9.0-e2e". Never "latest" or a range.
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]*$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

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
 * One entry: `{ ok: true, entry, problems }` or `{ ok: false, message }` (the message names the
 * key). An invalid optional part (fallbackVersion, canary) is dropped and reported in
 * `problems`; the entry itself still loads.
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
  return { ok: true, entry, problems };
}

/**
 * The whole file: the valid entries and one problem per bad entry. Throws only when there is
 * no "remotes" object at all (then nothing can be loaded and the caller says so).
 */
function parseRemotesFile(input) {
  const remotes = input && typeof input === 'object' ? input.remotes : undefined;
  if (!remotes || typeof remotes !== 'object' || Array.isArray(remotes))
    throw new Error('remotes.json has no "remotes" object');
  const out = { remotes: {}, problems: [] };
  for (const [key, raw] of Object.entries(remotes)) {
    const result = validateRemoteEntry(key, raw);
    if (result.ok) {
      out.remotes[key] = result.entry;
      for (const message of result.problems) out.problems.push({ key, message });
    } else out.problems.push({ key, message: result.message });
  }
  return out;
}

/** The manifest url of `version` (the entry's own by default; its fallbackVersion or canary's). */
const manifestUrl = (entry, version = entry.version) => `${entry.base}/${version}/mf-manifest.json`;

/** The federation runtime's remote list, in feature order; the widget asks only for swap. */
function toFederationRemotes(file, only) {
  return REMOTE_KEYS.filter((k) => file[k] && (!only || only.includes(k))).map((k) => ({
    name: file[k].name,
    entry: manifestUrl(file[k]),
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
};
