// Every package npm installs runs on the oldest Node the root's `engines` names. A dependency
// whose own `engines` asks for a newer Node makes `npm ci` warn and may use what Node 20 lacks;
// it is held back or overridden in package.json (README.md, "Held back for Node 20").
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const semver = require('semver');

/**
 * The lock's packages whose `engines.node` the oldest supported Node (`oldest`) does not
 * satisfy, as "path version (needs range)". Optional packages (another platform's binaries)
 * count too: npm still reads their engines.
 */
export function packagesNeedingNewerNode(lock, oldest) {
  return Object.entries(lock.packages ?? {})
    .filter(([path, entry]) => path && typeof entry?.engines?.node === 'string')
    .filter(([, entry]) => !semver.satisfies(oldest, entry.engines.node))
    .map(([path, entry]) => `${path} ${entry.version} (needs Node ${entry.engines.node})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const read = (file) => JSON.parse(readFileSync(`${root}${file}`, 'utf8'));
  const oldest = semver.minVersion(read('package.json').engines.node).version;
  const newer = packagesNeedingNewerNode(read('package-lock.json'), oldest);
  if (newer.length) {
    console.error(
      `engines: ${newer.length} package(s) need a newer Node than ${oldest}; hold them back or override them in package.json:\n  ${newer.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`engines: every installed package runs on Node ${oldest}`);
}
