// Releases one remote: npm run remote:release -- pools 1.0.1
// Builds it as a deploy would into mfe-pools/dist/1.0.1/ and writes release.json beside the
// build (what it exposes, what it needs from the page, a SHA-384 of every file). Refuses a
// version folder that exists; a failed build leaves nothing behind. Nothing is switched:
// `npm run remote:use -- pools 1.0.1` checks the deployed folder and points users at it.
//   --record-only  record an existing folder that has no release.json yet (built by npm start
//                  or before records existed), as it is on disk, without building
import { createRequire } from 'node:module';
import { relative } from 'node:path';

const require = createRequire(import.meta.url);
const {
  APPS,
  REMOTE_APPS,
  repoRoot,
  releaseRemote,
  removeStaging,
  RECORD_FILE,
} = require('@jmswap/mf-config');

const args = process.argv.slice(2);
const recordOnly = args.includes('--record-only');
const [key, version, ...extra] = args.filter((a) => a !== '--record-only');
const keys = REMOTE_APPS.map((a) => APPS[a].remoteKey);
if (!keys.includes(key) || !version || extra.length) {
  console.error(`usage: npm run remote:release -- <${keys.join('|')}> <version> [--record-only]`);
  process.exit(2);
}

for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    removeStaging();
    console.error(`\n${key} ${version}: interrupted, nothing released`);
    process.exit(130);
  });

const rel = (p) => relative(repoRoot, p) || '.';
try {
  const { folder, record, warnings } = await releaseRemote({
    remote: key,
    version,
    recordOnly,
    stdio: 'inherit',
    onBuild: () => console.log(`${key} ${version}: building (webpack --mode production) ...`),
  });
  const files = Object.keys(record.integrity).length;
  const shared = Object.entries(record.shared)
    .map(([name, s]) => `${name} ${s.requiredVersion}${s.strictVersion ? ' (strict)' : ''}`)
    .join(', ');
  console.log(
    [
      `${key} ${version}: ${recordOnly ? 'recorded' : 'released'} in ${rel(folder)}/`,
      `  record    ${rel(folder)}/${RECORD_FILE} (${files} files, SHA-384)`,
      `  exposes   ${record.exposes.join(', ')}`,
      `  needs     ${shared}`,
      `  source    ${record.source.commit ?? 'unknown'}${record.source.dirty ? ' with uncommitted changes' : ''}`,
    ].join('\n'),
  );
  for (const warning of warnings) console.warn(`warning: ${warning}`);
  console.log(
    `\nNext: copy ${rel(folder)}/ (every file, with the .gz/.br twins) to the host that serves ${key},` +
      `\nthen check it and point users at it: npm run remote:use -- ${key} ${version}`,
  );
} catch (error) {
  console.error(`\n${key} ${version}: not released. ${error.message}`);
  process.exit(1);
}
