// Points one feature at a released version: npm run remote:use -- swap 1.0.0
// Only remotes.json changes (one "version" line); nothing is rebuilt. The shell picks it up
// on the next page load because /config/remotes.json is served with no-cache. The entry is
// checked with the same validator the shell uses, so what is written here also loads there.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

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
} = require('@jmswap/mf-config');

const [key, version] = process.argv.slice(2);
const app = REMOTE_APPS.find((a) => APPS[a].remoteKey === key);
if (!app || !version) {
  console.error(
    `usage: npm run remote:use -- <${REMOTE_APPS.map((a) => APPS[a].remoteKey).join('|')}> <version>`,
  );
  process.exit(2);
}
const file = readRemotesFile();
// Other bad entries are reported, not fixed: the shell skips them the same way.
for (const problem of parseRemotesFile(file).problems)
  if (problem.key !== key) console.warn(`warning: ${problem.message} (the shell skips it)`);

const current = file.remotes[key];
const checked = validateRemoteEntry(key, {
  name: current?.name ?? APPS[app].federationName,
  base: current?.base ?? `http://localhost:${APPS[app].port}`,
  version,
});
if (!checked.ok) {
  console.error(`${checked.message}; not switching`);
  process.exit(1);
}
const entry = checked.entry;
const isLocal = /^https?:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(entry.base);
if (isLocal && !existsSync(join(appDir(app), 'dist', version, 'mf-manifest.json'))) {
  console.error(
    `${key} ${version} is not released here: ${join(appDir(app), 'dist', version)} has no mf-manifest.json`,
  );
  process.exit(1);
}
if (!isLocal) {
  const res = await fetch(`${entry.base}/${version}/mf-manifest.json`, { method: 'HEAD' }).catch(
    () => undefined,
  );
  if (!res?.ok) {
    console.error(`${entry.base}/${version}/mf-manifest.json is not reachable; not switching`);
    process.exit(1);
  }
}
const previous = current?.version;
file.remotes[key] = entry;
writeRemotesFile(file);
console.log(`${key}: ${previous ?? '(none)'} -> ${version} in ${remotesFilePath()}`);
