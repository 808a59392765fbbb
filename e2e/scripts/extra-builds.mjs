// node e2e/scripts/extra-builds.mjs: the extra builds some specs load, one at a time (the e2e
// global setup runs it in the background: fixtures/extra-builds.ts), each name written to
// .run/e2e-extra-builds.made once made, in the order the specs that load them run: the deploy
// check (a page spec, early), the older swap release (resilience), the version-skew remotes (the
// last spec of the suite).
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
const require = createRequire(import.meta.url);
const { ensureDeployCheckBuild, ensureSkewBuilds } = require('../fixtures/builds.ts');
const { ensureOldSwapBuild } = require('../fixtures/stack.ts');
const { EXTRA_BUILDS_MADE } = require('../fixtures/extra-builds.ts');
const started = Date.now();
for (const [name, build] of [
  ['deploy-check', ensureDeployCheckBuild],
  ['older-swap', ensureOldSwapBuild],
  ['version-skew', () => ensureSkewBuilds({ lanes: 1 })],
]) {
  await build();
  appendFileSync(EXTRA_BUILDS_MADE, `${name}\n`);
}
console.log(`extra builds made (${((Date.now() - started) / 1000).toFixed(0)} s)`);
