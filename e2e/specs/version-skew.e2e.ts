/**
 * Version skew between independently built apps, with real builds: the test builds remotes
 * again into their own version folders as if built at another time, against other versions of
 * the shared singletons (mf-config's JMSWAP_SHARED_VERSIONS; the repo's files stay untouched),
 * points remotes.json at them and loads the real site. The contract (README, "Version rules"):
 * the shell provides shared-chain and React; a remote built against an older minor of the same
 * major runs; a newer minor, another major, or another React major shows that remote's own
 * fallback and tells the operators which module and which versions.
 */
import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { devAccount, evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { defaultRemotes, repoRoot, writeRemotes } from '../fixtures/stack';

const SHARED_CHAIN = (
  JSON.parse(readFileSync(path.join(repoRoot, 'shared-chain/package.json'), 'utf8')) as {
    version: string;
  }
).version;
const [MAJOR, MINOR] = SHARED_CHAIN.split('.').map(Number) as [number, number];

/**
 * Builds `app` into dist/<version> against `sharedVersions`, once per set of versions (a marker
 * file records them, so a local re-run reuses the folder; CI starts from a clean tree).
 */
async function buildAgainst(
  app: string,
  version: string,
  sharedVersions: Record<string, string>,
): Promise<void> {
  const dir = path.join(repoRoot, app, 'dist', version);
  const marker = path.join(dir, '.built-against.json');
  const wanted = JSON.stringify(sharedVersions);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted) return;
  rmSync(dir, { recursive: true, force: true });
  const child = spawn('npx', ['webpack', '--mode', 'production', '--env', `version=${version}`], {
    cwd: path.join(repoRoot, app),
    env: { ...process.env, JMSWAP_SHARED_VERSIONS: wanted, JMSWAP_DEV_WALLET: '1' },
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`${app} ${version}: webpack exited with ${String(code)}`);
  writeFileSync(marker, wanted);
}

const OLDER_MINOR = `${MAJOR}.${Math.max(0, MINOR - 1)}.0`;
const BUILDS = {
  olderMinor: { app: 'mfe-charts', version: '0.0.1-skew-older-minor' },
  newerMinor: { app: 'mfe-pools', version: '0.0.1-skew-newer-minor' },
  nextMajor: { app: 'mfe-pools', version: '0.0.1-skew-next-major' },
  react18: { app: 'mfe-pools', version: '0.0.1-skew-react-18' },
};

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // Two builds at a time, one per core (each version has its own output folder); one after
  // another they were most of this spec's time on a fresh clone.
  const builds: [{ app: string; version: string }, Record<string, string>][] = [
    [BUILDS.olderMinor, { '@jmswap/shared-chain': OLDER_MINOR }],
    [BUILDS.newerMinor, { '@jmswap/shared-chain': `${MAJOR}.${MINOR + 1}.0` }],
    [BUILDS.nextMajor, { '@jmswap/shared-chain': `${MAJOR + 1}.0.0` }],
    [BUILDS.react18, { react: '18.3.1' }],
  ];
  const lane = async () => {
    for (let next = builds.shift(); next; next = builds.shift())
      await buildAgainst(next[0].app, next[0].version, next[1]);
  };
  await Promise.all([lane(), lane()]);
});
test.afterEach(() => writeRemotes());

function useVersion(key: 'charts' | 'pools', version: string) {
  const remotes = defaultRemotes();
  remotes.remotes[key]!.version = version;
  writeRemotes(remotes);
}

test(`a remote built against an older minor (${OLDER_MINOR}) runs, on the page's one wallet session`, async ({
  page,
}) => {
  expect(OLDER_MINOR).not.toBe(SHARED_CHAIN); // the shell really provides a newer minor
  useVersion('charts', BUILDS.olderMinor.version);
  await injectEvmWallet(page, {
    account: devAccount(3),
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
