/**
 * A deploy build (`npm run build`, no JMSWAP_DEV_WALLET) carries no dev wallet: anvil's key #0
 * is public, and a bundle holding it is one runtime-config mistake away from a wallet in the page
 * that anyone can drain. The tests' own build holds the key (its dev
 * wallet is what the other specs connect), which shows the search below finds it.
 */
import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEPLOY_CHECK_BUILD, ensureDeployCheckBuild } from '../fixtures/builds';
import { extraBuildsMade } from '../fixtures/extra-builds';
import { repoRoot } from '../fixtures/stack';

const DEV_KEY = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/**
 * Every served file under `dir` whose bytes hold the key. The .gz/.br twins are of the same files;
 * source maps carry the sources' text (where the key is written) but run nothing, and the app
 * server does not serve them unless told to.
 */
function filesHoldingKey(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile() && !/\.(gz|br|map)$/.test(file))
    .filter((file) => readFileSync(file).includes(DEV_KEY))
    .map((file) => path.relative(dir, file));
}

test('a deploy build holds no dev wallet key; the local build does', async () => {
  test.setTimeout(240_000);
  const localBuild = path.join(repoRoot, 'mfe-pools/dist/1.0.0');
  expect(filesHoldingKey(localBuild).length).toBeGreaterThan(0);

  // Built without JMSWAP_DEV_WALLET, as `npm run build` builds (made in the background since the
  // suite started, fixtures/extra-builds.ts; built here when missing or older than the app's
  // own build).
  await extraBuildsMade('deploy-check');
  await ensureDeployCheckBuild();
  const out = path.join(repoRoot, DEPLOY_CHECK_BUILD.app, 'dist', DEPLOY_CHECK_BUILD.version);
  expect(existsSync(path.join(out, 'remoteEntry.js'))).toBe(true);
  // The pools remote bundles shared-chain (its fallback copy): EVM and TRON adapters included.
  expect(readdirSync(out).some((f) => /^shared-chain-evm\..*\.js$/.test(f))).toBe(true);
  expect(filesHoldingKey(out)).toEqual([]);
});
