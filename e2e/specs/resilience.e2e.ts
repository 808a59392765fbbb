import { execFileSync, spawnSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import {
  configDir,
  defaultRemotes,
  ensureOldSwapBuild,
  OLD_SWAP_VERSION,
  PORTS,
  repoRoot,
  SHELL,
  writeRemotes,
} from '../fixtures/stack';
import { extraBuildsMade } from '../fixtures/extra-builds';

// The in-test pools server stands for a remote whose server an operator stops and restarts.
const { serveApp } = require('@jmswap/mf-config') as {
  serveApp: (
    app: string,
    o: { port: number; configDir: string },
  ) => Promise<{ close: () => Promise<void>; server: import('node:http').Server }>;
};
const LOOSE_POOLS_PORT = 9184;

test.beforeAll(async () => {
  // Made in the background since the suite started (fixtures/extra-builds.ts); built here when
  // missing.
  test.setTimeout(600_000);
  await extraBuildsMade('older-swap');
  await ensureOldSwapBuild();
});
test.afterEach(() => writeRemotes());

test('a remote whose server is down costs only its area, and Retry recovers it', async ({
  page,
}) => {
  const remotes = defaultRemotes();
  remotes.remotes.pools!.base = `http://localhost:${LOOSE_POOLS_PORT}`;
  remotes.allowedOrigins!.push(`http://localhost:${LOOSE_POOLS_PORT}`);
  writeRemotes(remotes);

  await page.goto('/');
  await expect(page.locator('[data-remote="swap"]')).toBeVisible();

  // pools' server is down when the user goes there
  await page
    .getByRole('navigation', { name: 'Sub-menu' })
    .getByRole('link', { name: 'Pools' })
    .click();
  const fallback = page.locator('[data-remote-error="pools"]');
  await expect(fallback).toContainText('Pools are unavailable right now.');
  await expect(page.getByRole('tab', { name: 'TRON' })).toBeVisible();

  // the rest keeps working, without a reload
  await page
    .getByRole('navigation', { name: 'Sub-menu' })
    .getByRole('link', { name: 'Charts' })
    .click();
  await expect(page.locator('[data-remote="charts"]')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Sub-menu' })
    .getByRole('link', { name: 'Pools' })
    .click();
  await expect(fallback).toBeVisible();

  // the server comes back: Retry loads it in place
  const server = await serveApp('mfe-pools', { port: LOOSE_POOLS_PORT, configDir });
  try {
    await fallback.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('pool-item')).toHaveCount(21);
  } finally {
    // Stopped as an operator stops it, connections and all: close() alone waits for every
    // socket to end, and Chromium keeps a connection it opened but never sent a request on
    // (the server cannot tell it idle), which once held this test past its 60 s timeout.
    const closed = server.close();
    server.server.closeAllConnections();
    await closed;
  }
});

/** The page as the user sees it, kept with the test's report. */
async function shot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path });
  await test.info().attach(`${name}.png`, { path, contentType: 'image/png' });
}

// Each remote's host refuses connections when the page first loads (the page opened on that
// remote's route, so the html's head script starts its files too), then comes back: Retry loads
// it in place, at once, with no uncaught error in the page.
const ROUTE_OF = {
  swap: ['/', 'Swap is unavailable right now.'],
  liquidity: ['/?t=addLiquidity', 'Liquidity is unavailable right now.'],
  charts: ['/charts', 'Charts are unavailable right now.'],
  pools: ['/pools', 'Pools are unavailable right now.'],
  listing: ['/listing', 'Token listing is unavailable right now.'],
} as const;
for (const [index, key] of (Object.keys(ROUTE_OF) as (keyof typeof ROUTE_OF)[]).entries()) {
  test(`${key}: its host refuses connections at first load; once it is back, Retry loads it with no uncaught error`, async ({
    page,
  }) => {
    const port = 9190 + index; // nothing listens there yet: connections are refused
    const remotes = defaultRemotes();
    remotes.remotes[key]!.base = `http://localhost:${port}`;
    remotes.allowedOrigins!.push(`http://localhost:${port}`);
    writeRemotes(remotes);
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(`${error.name}: ${error.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && /^Uncaught/.test(m.text())) uncaught.push(m.text());
    });
    const [url, message] = ROUTE_OF[key];

    await page.goto(url);
    const fallback = page.locator(`[data-remote-error="${key}"]`);
    await expect(fallback).toContainText(message);
    await expect(page.getByRole('tab', { name: 'TRON' })).toBeVisible();
    await shot(page, `${key}-refused`);

    const server = await serveApp(`mfe-${key}`, { port, configDir });
    try {
      await fallback.getByRole('button', { name: 'Retry' }).click();
      await expect(page.locator(`[data-remote="${key}"]`)).toBeVisible();
      await expect(fallback).toHaveCount(0);
      // It runs: its own content, not only its frame.
      await expect(page.locator(`[data-remote="${key}"]`)).not.toBeEmpty();
      await page.waitForLoadState('networkidle');
      await shot(page, `${key}-back-after-retry`);
      expect(uncaught).toEqual([]);
    } finally {
      const closed = server.close();
      server.server.closeAllConnections();
      await closed;
    }
  });
}

test('a manifest that 404s shows the swap fallback while header and other routes work', async ({
  page,
}) => {
  const remotes = defaultRemotes();
  remotes.remotes.swap!.version = '9.9.9-missing';
  writeRemotes(remotes);
  await page.goto('/');
  const fallback = page.locator('[data-remote-error="swap"]');
  await expect(fallback).toContainText('Swap is unavailable right now.');
  // the product's words for the user; the runtime's raw error only behind "Details"
  await expect(fallback.getByText(/Federation Runtime/)).toBeHidden();
  expect(await fallback.innerText()).not.toContain('[ Federation Runtime ]');
  await fallback.getByText('Details').click();
  await expect(fallback.getByText(/RUNTIME-003|mf-manifest/)).toBeVisible();
  await expect(
    page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }),
  ).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Sub-menu' })
    .getByRole('link', { name: 'Pools' })
    .click();
  await expect(page.getByTestId('pool-item')).toHaveCount(21);
});

test('a bad line in remotes.json costs only that remote, and Retry reads the fixed file', async ({
  page,
}) => {
  const remotes = defaultRemotes();
  const goodCharts = { ...remotes.remotes.charts! };
  remotes.remotes.charts = { ...goodCharts, version: 'latest' };
  writeRemotes(remotes);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

  await page.goto('/');
  await expect(page.locator('[data-remote="swap"]')).toBeVisible();
  expect(errors.some((e) => /"charts".*not a released version/.test(e))).toBe(true);
  await page
    .getByRole('navigation', { name: 'Sub-menu' })
    .getByRole('link', { name: 'Charts' })
    .click();
  const fallback = page.locator('[data-remote-error="charts"]');
  await expect(fallback).toContainText('Charts are unavailable right now.');
  await page
    .getByRole('navigation', { name: 'Sub-menu' })
    .getByRole('link', { name: 'Pools' })
    .click();
  await expect(page.locator('[data-remote="pools"]')).toBeVisible();

  // the operator fixes the line; Retry picks it up without a page reload
  await page
    .getByRole('navigation', { name: 'Sub-menu' })
    .getByRole('link', { name: 'Charts' })
    .click();
  remotes.remotes.charts = goodCharts;
  writeRemotes(remotes);
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-remote="charts"]')).toBeVisible();
});

test('rolling swap back to an older version changes only swap, with no rebuild', async ({
  page,
}) => {
  const current = defaultRemotes().remotes.swap!.version;
  await page.goto('/');
  await expect(page.locator('[data-remote="swap"]')).toHaveAttribute(
    'data-remote-version',
    current,
  );

  // The preflight checks the release over HTTP against the e2e shell before switching.
  execFileSync(
    'npm',
    ['run', '--silent', 'remote:use', '--', 'swap', OLD_SWAP_VERSION, '--shell', SHELL],
    { cwd: repoRoot, env: { ...process.env, JMSWAP_CONFIG_DIR: configDir } },
  );
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.reload();
  await expect(page.locator('[data-remote="swap"]')).toHaveAttribute(
    'data-remote-version',
    OLD_SWAP_VERSION,
  );
  expect(requests.some((u) => u.includes(`:${PORTS.swap}/${OLD_SWAP_VERSION}/`))).toBe(true);
  // the previous release runs against the current shell and its shared-chain
  await expect(page.locator('[data-remote-error="swap"]')).toHaveCount(0);
  await expect(page.locator('[data-remote="swap"]').getByRole('button').first()).toBeVisible();

  await page.goto('/?t=addLiquidity');
  await expect(page.locator('[data-remote="liquidity"]')).toHaveAttribute(
    'data-remote-version',
    defaultRemotes().remotes.liquidity!.version,
  );
  await page.goto('/pools');
  await expect(page.locator('[data-remote="pools"]')).toHaveAttribute(
    'data-remote-version',
    defaultRemotes().remotes.pools!.version,
  );
});

test('a broken chunk of a remote shows its fallback, and Retry loads it once it is fixed', async ({
  page,
}) => {
  let broken = true;
  await page.route(/__federation_expose_PoolsPage/, (route) =>
    broken ? route.fulfill({ status: 500, body: 'deploy in progress' }) : route.continue(),
  );
  await page.goto('/pools?n=POLY');
  const fallback = page.locator('[data-remote-error="pools"]');
  await expect(fallback).toBeVisible();
  await expect(page.getByRole('tab', { name: 'POLY' })).toBeVisible();
  broken = false;
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('pool-item')).toHaveText(['MATIC/USDT', 'MATIC/WETH']);
});

test('the operator command refuses a version that was never released', async () => {
  const run = spawnSync(
    'npm',
    ['run', '--silent', 'remote:use', '--', 'swap', '7.7.7', '--shell', SHELL],
    { cwd: repoRoot, env: { ...process.env, JMSWAP_CONFIG_DIR: configDir }, encoding: 'utf8' },
  );
  expect(run.status).not.toBe(0);
  // The preflight's reachability check: the folder is not on the swap remote's host.
  expect(run.stdout + run.stderr).toMatch(
    /swap 7\.7\.7 is not released at http:\/\/localhost:9081/,
  );
  expect(run.stdout + run.stderr).toMatch(/not switched/);
});
