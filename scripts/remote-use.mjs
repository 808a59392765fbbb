// Points one feature at a released version: npm run remote:use -- swap 1.0.1
// Only remotes.json changes (one entry); nothing is rebuilt. The shell picks it up on the next
// page load because /config/remotes.json is served with no-cache. Before writing, a preflight
// checks the version over HTTP as the browser will load it (mf-config/src/preflight.js):
// reachable with CORS, its manifest, the modules the site loads from it, its shared singletons
// against the live shell, and every file against its release record. A failed preflight
// changes nothing. The entry is checked with the validator the shell uses.
//   --shell <url>       the live shell (default JMSWAP_SHELL_URL or http://localhost:8080)
//   --fallback <v>      the fallbackVersion to keep (default: the version being replaced,
//   --no-fallback       unless this is a rollback from it); --no-fallback drops it
//   --canary <percent>  give <version> to that share of users only; --canary 0 ends a canary
//   --force             skip the preflight (emergencies only; says so loudly)
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const require = createRequire(import.meta.url);
const {
  APPS,
  REMOTE_APPS,
  appDir,
  readRemotesFile,
  writeRemotesFile,
  remotesFilePath,
  parseRemotesFile,
  validateRemoteEntry,
  versionProblem,
  switchVersion,
  keptPins,
  preloadHints,
  shellScreens,
  sri,
  preflight,
  formatPreflight,
  RECORD_FILE,
} = require('@jmswap/mf-config');

const keys = REMOTE_APPS.map((a) => APPS[a].remoteKey);
const usage = () => {
  console.error(
    `usage: npm run remote:use -- <${keys.join('|')}> <version> [--shell <url>] [--fallback <version> | --no-fallback] [--canary <percent>] [--force]`,
  );
  process.exit(2);
};

const args = process.argv.slice(2);
const positional = [];
const opts = { force: false };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--force') opts.force = true;
  else if (a === '--no-fallback') opts.fallback = false;
  else if (a === '--shell' || a === '--fallback' || a === '--canary') {
    if (args[i + 1] === undefined) usage();
    opts[a.slice(2)] = args[++i];
  } else if (a.startsWith('--')) usage();
  else positional.push(a);
}
const [key, version] = positional;
const app = REMOTE_APPS.find((a) => APPS[a].remoteKey === key);
if (!app || !version || positional.length > 2) usage();

const fail = (message) => {
  console.error(message);
  process.exit(1);
};
const shellUrl = (
  opts.shell ??
  process.env.JMSWAP_SHELL_URL ??
  `http://localhost:${APPS.shell.port}`
).replace(/\/+$/, '');
if (!/^https?:\/\/[^/]/.test(shellUrl)) fail(`--shell ${shellUrl} is not an http(s) url`);
let canary;
if (opts.canary !== undefined) {
  canary = Number(opts.canary);
  if (!Number.isFinite(canary) || canary < 0 || canary >= 100)
    fail(`--canary ${opts.canary}: a percent between 0 (ends the canary) and 100`);
}
if (typeof opts.fallback === 'string' && versionProblem(opts.fallback))
  fail(`--fallback: ${versionProblem(opts.fallback)}; not switching`);

const file = readRemotesFile();
const shown = relative(process.cwd(), remotesFilePath());
const configFile = shown && !shown.startsWith('..') ? shown : remotesFilePath();
const parsed = parseRemotesFile(file);
// Other bad entries are reported, not fixed: the shell skips them the same way.
for (const problem of parsed.problems)
  console.warn(`warning: ${problem.message}${problem.key === key ? '' : ' (the shell skips it)'}`);

const current = parsed.remotes[key] ?? {
  name: file.remotes?.[key]?.name ?? APPS[app].federationName,
  base: file.remotes?.[key]?.base ?? `http://localhost:${APPS[app].port}`,
};
const { entry: wanted, notes } = switchVersion(current, version, {
  fallback: opts.fallback,
  canary,
});
const checked = validateRemoteEntry(key, wanted);
if (!checked.ok) fail(`${checked.message}; not switching`);
if (!parsed.allowedOrigins.includes(new URL(checked.entry.base).origin))
  fail(
    `remotes.json: "${key}" its base ${new URL(checked.entry.base).origin} is not in allowedOrigins (${parsed.allowedOrigins.join(', ') || 'none listed'}); add the origin there if this host is yours. Not switching.`,
  );
if (checked.problems.length) fail(`${checked.problems.join('; ')}; not switching`);
const entry = checked.entry;

// What gets users: the version itself, a canary's version, or an explicit --fallback.
const toCheck = canary === 0 ? [] : [version];
if (typeof opts.fallback === 'string') toCheck.push(opts.fallback);

if (opts.force) {
  const bar = '!'.repeat(78);
  console.error(
    [
      bar,
      `!!! --force: PREFLIGHT SKIPPED for ${key} ${toCheck.join(', ')}`,
      `!!! Nothing checked that it is reachable, complete, unaltered, exposes what the site`,
      `!!! loads, or runs with the live shell's shared modules. Users get it on their next page`,
      `!!! load. Check the site now; \`npm run remote:use -- ${key} ${version}\` without --force`,
      `!!! runs the checks against what is now live.`,
      bar,
    ].join('\n'),
  );
  // The shell still runs only pinned code: pin the release.json the host serves, unchecked.
  const pins = {};
  for (const v of toCheck) {
    const url = `${entry.base}/${v}/${RECORD_FILE}`;
    const res = await fetch(url).catch((error) => ({ ok: false, status: error.message }));
    if (res.ok) pins[v] = sri(Buffer.from(await res.arrayBuffer()));
    else console.error(`!!! ${url} answered ${res.status}: browsers will refuse ${key} ${v}`);
  }
  entry.integrity = keptPins(entry, pins);
} else {
  let ok = true;
  const pins = {};
  const hints = {};
  for (const v of toCheck) {
    const result = await preflight({
      remote: key,
      version: v,
      base: entry.base,
      name: entry.name,
      shellUrl,
      localRecordFile: join(appDir(app), 'dist', v, RECORD_FILE),
      pinned: current.integrity?.[v],
    });
    console.log(formatPreflight(result, { remote: key, version: v, base: entry.base }));
    ok &&= result.ok;
    if (result.pin) pins[v] = result.pin;
    // The screens' files with the checked record's hashes, for the html's head script.
    const files = result.pin && preloadHints(result.manifest, result.record, shellScreens(key));
    if (files) hints[v] = files;
  }
  entry.integrity = keptPins(entry, pins);
  const preload = Object.fromEntries(
    Object.entries({ ...entry.preload, ...hints }).filter(
      ([v]) => entry.integrity[v] && (hints[v] || !pins[v]),
    ),
  );
  if (Object.keys(preload).length) entry.preload = preload;
  else delete entry.preload;
  if (!ok)
    fail(
      `\n${key}: not switched, ${configFile} unchanged. Fix what failed above and run this again` +
        ` (--force skips the checks, for emergencies only).`,
    );
}

const previous = current.version;
file.remotes = { ...file.remotes, [key]: entry };
writeRemotesFile(file);
const change =
  canary === undefined
    ? `${previous ?? '(none)'} -> ${version}`
    : `${previous} for ${canary === 0 ? 'every user' : `the other ${100 - canary}% of users`}`;
console.log(
  [
    `\n${key}: ${change} in ${configFile}${opts.force ? ' (UNCHECKED: --force)' : ''}`,
    ...notes.map((n) => `  ${n}`),
  ].join('\n'),
);
