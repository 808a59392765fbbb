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

/** One entry: `{ ok: true, entry }` or `{ ok: false, message }` (the message names the key). */
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
  return { ok: true, entry: { name, base: base.replace(/\/+$/, ''), version } };
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
    if (result.ok) out.remotes[key] = result.entry;
    else out.problems.push({ key, message: result.message });
  }
  return out;
}

const manifestUrl = (entry) => `${entry.base}/${entry.version}/mf-manifest.json`;

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
  validateRemoteEntry,
  parseRemotesFile,
  manifestUrl,
  toFederationRemotes,
};
