/**
 * Version skew between independently built apps, with real builds: the test builds remotes
 * again into their own version folders as if built at another time, against other versions of
 * the shared singletons (mf-config's JMSWAP_SHARED_VERSIONS; the repo's files stay untouched),
 * points remotes.json at them and loads the real site. The contract (README, "Version rules"):
 * the shell provides shared-chain and React; a remote built against an older minor of the same
 * major runs; a newer minor, another major, or another React major shows that remote's own
 * fallback and tells the operators which module and which versions.
 */
import { expect, test } from '../fixtures/test';
import {
  ensureSkewBuilds,
  MAJOR,
  MINOR,
  OLDER_MINOR,
  SHARED_CHAIN,
  SKEW_BUILDS,
} from '../fixtures/builds';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { extraBuildsMade } from '../fixtures/extra-builds';
import { defaultRemotes, writeRemotes } from '../fixtures/stack';

const BUILDS = SKEW_BUILDS;

test.beforeAll(async () => {
  // Made in the background since the suite started (fixtures/extra-builds.ts); built here when
  // missing.
  test.setTimeout(600_000);
  await extraBuildsMade('version-skew');
  await ensureSkewBuilds();
});
test.afterEach(() => writeRemotes());

function useVersion(key: 'charts' | 'pools', version: string) {
  const remotes = defaultRemotes();
  remotes.remotes[key]!.version = version;
  writeRemotes(remotes);
}

test(`a remote built against an older minor (${OLDER_MINOR}) runs, on the page's one wallet session`, async ({
  page,
  evmAccount,
}) => {
  expect(OLDER_MINOR).not.toBe(SHARED_CHAIN); // the shell really provides a newer minor
  useVersion('charts', BUILDS.olderMinor.version);
  await injectEvmWallet(page, {
    account: evmAccount,
    chainId: localNetworks().BSC!.chainId,
    rpcUrls: evmRpcUrls(),
  });
  const charts = page.waitForResponse((r) => r.url().includes(BUILDS.olderMinor.version));
  await page.goto('/charts?n=BSC');
  await charts;
  await expect(page.locator('[data-remote="charts"]')).toContainText('My trades');
  await expect(page.locator('[data-remote="charts"]')).toContainText(
    'Connect a wallet to see your trades.',
  );
  // One connection, in the shell's header: the old charts build reads that same session.
  await connectFromHeader(page, 'MetaMask');
  await expect(page.locator('[data-remote="charts"]')).not.toContainText(
    'Connect a wallet to see your trades.',
  );
  // and the swap remote (current build) on the same page load sees it too
  await page
    .getByRole('navigation', { name: 'Sub-menu' })
    .getByRole('link', { name: 'Swap' })
    .click();
  await expect(
    page.locator('[data-remote="swap"]').getByRole('button', { name: 'CONNECT WALLET' }),
  ).toHaveCount(0);
  await expect(page.getByTestId('wallet-session')).toContainText('Welcome MetaMask');
});

for (const [name, build, required] of [
  ['a newer shared-chain minor', BUILDS.newerMinor, `^${MAJOR}.${MINOR + 1}.0`],
  ['the next shared-chain major', BUILDS.nextMajor, `^${MAJOR + 1}.0.0`],
] as const) {
  test(`a remote built against ${name} shows its own fallback and names the versions`, async ({
    page,
  }) => {
    useVersion('pools', build.version);
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));
    await page.goto('/pools');
    const fallback = page.locator('[data-remote-error="pools"]');
    await expect(fallback).toContainText(
      'Pools need a newer version of this site. Reload the page; if it stays, the operators are told.',
    );
    await expect(fallback.getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(consoleLines).toContainEqual(
      `[jmswap] pools ${build.version} needs @jmswap/shared-chain ${required}; this site provides ${SHARED_CHAIN}`,
    );
    // The header and the other routes keep working.
    await expect(page.getByRole('tab', { name: 'BSC' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Sub-menu' })
      .getByRole('link', { name: 'Charts' })
      .click();
    await expect(page.locator('[data-remote="charts"]')).toContainText('My trades');
  });
}

test('a remote built against another React major shows its fallback; the page keeps React 19', async ({
  page,
}) => {
  useVersion('pools', BUILDS.react18.version);
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  await page.goto('/pools');
  const fallback = page.locator('[data-remote-error="pools"]');
  await expect(fallback).toContainText('Pools are unavailable right now.');
  const react = require('react/package.json').version as string;
  // react or one of its subpaths (react/jsx-runtime), whichever the remote consumes first
  const line = new RegExp(`needs react(/[\\w-]+)? \\^18\\.3\\.1; this site provides ${react}`);
  expect(consoleLines.filter((l) => line.test(l))).not.toEqual([]);
  await page
    .getByRole('navigation', { name: 'Sub-menu' })
    .getByRole('link', { name: 'Swap' })
    .click();
  await expect(page.locator('[data-remote="swap"]')).toBeVisible();
});

test('a failed version with a fallbackVersion in remotes.json loads the fallback, with no error shown', async ({
  page,
}) => {
  const remotes = defaultRemotes();
  const current = remotes.remotes.pools!.version;
  remotes.remotes.pools = {
    ...remotes.remotes.pools!,
    version: BUILDS.nextMajor.version,
    fallbackVersion: current,
  } as (typeof remotes.remotes)['pools'];
  writeRemotes(remotes);
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  await page.goto('/pools');
  await expect(page.getByTestId('pool-item').first()).toBeVisible();
  await expect(page.locator('[data-remote-error="pools"]')).toHaveCount(0);
  expect(consoleLines).toContainEqual(
    `[jmswap] pools ${BUILDS.nextMajor.version} failed to load; using its fallbackVersion ${current}`,
  );
});
