/**
 * The Content-Security-Policy every page gets, in the browser. The shell's own
 * inline head script runs: the server put its hash in the policy. An injected inline script, a
 * script from a host the deployment does not list (:9089) and a string evaluated as code do
 * not run, and the browser reports each refusal to the api's /v1/client-report, where the
 * operators' `npm run reports` finds it. The site itself, every route, the remotes' standalone
 * pages, the widget and both wallets' code, runs without a single violation.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';
import { recordViolations, violations } from '../fixtures/csp';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { withTronLink } from '../fixtures/tron';
import {
  API,
  defaultRemotes,
  EVIL_PORT,
  HOST_PORT,
  PORTS,
  RELAY_PORT,
  repoRoot,
  SHELL,
} from '../fixtures/stack';

const { parseCsp } = require('@jmswap/mf-config') as {
  parseCsp: (header: string | undefined) => Record<string, string[]>;
};

const origins = (ports: Record<string, number>) =>
  Object.values(ports).map((p) => `http://localhost:${p}`);
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const originOf = (url: string) => new URL(url).origin;

/** Tries an inline script, a script from :9089 and a string timer; returns which ran. */
function inject(page: Page) {
  return page.evaluate(async (evil) => {
    const w = window as unknown as Record<string, unknown>;
    const inline = document.createElement('script');
    inline.textContent = 'window.__cspInline = 1;';
    document.head.appendChild(inline);
    const foreign = document.createElement('script');
    foreign.src = evil;
    const loaded = new Promise((resolve) => {
      foreign.onload = () => resolve('loaded');
      foreign.onerror = () => resolve('refused');
    });
    document.head.appendChild(foreign);
    // A string timer is eval: compiled in the page, under its policy.
    (setTimeout as unknown as (code: string, ms: number) => void)('window.__cspEval = 1;', 0);
    await loaded;
    await new Promise((r) => setTimeout(r, 300));
    return { inline: w.__cspInline, foreign: w.__cspForeign, eval: w.__cspEval };
  }, `http://localhost:${EVIL_PORT}/evil.js`);
}

/** The operators' view: `npm run reports -- list --kind csp` on the e2e api's data. */
function cspReports(): { cause: string; lastSeen: string; count: number }[] {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const out = execFileSync(
    'npm',
    [
      ...['run', '-s', 'reports', '--', 'list', '--kind', 'csp', '--since', '1h', '--json'],
      ...['--data', path.join(repoRoot, '.run/e2e-api-data')],
    ],
    { cwd: repoRoot, encoding: 'utf8', env },
  );
  return (JSON.parse(out) as { groups: ReturnType<typeof cspReports> }).groups;
}

test('the shell’s pages get the policy derived from remotes.json and networks.json', async ({
  page,
  request,
}) => {
  const res = await request.get('/');
  const header = res.headers()['content-security-policy'];
  console.log(`Content-Security-Policy of ${SHELL}/: ${header}`);
  const csp = parseCsp(header);
  const html = await res.text();
  const head = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] as string;
  expect(head).toContain('__jmswapEarly');

  // Remote code from each remote's pinned version folder, never its whole host.
  const folders = Object.entries(PORTS).map(
    ([key, port]) => `http://localhost:${port}/${defaultRemotes().remotes[key]!.version}/`,
  );
  expect(csp['script-src']).toEqual(["'self'", ...folders, sha256(head)]);
  // Stylesheets from the site and the remotes' folders; no inline <style> element; style
  // attributes (Highcharts) allowed apart.
  expect(csp['style-src-elem']).toEqual(["'self'", ...folders]);
  expect(csp['style-src-attr']).toEqual(["'unsafe-inline'"]);
  expect(header).not.toContain("'unsafe-eval'");
  const nodes = Object.values(localNetworks()).flatMap((n) => [
    n.nodeUrl,
    ...((n as unknown as { nodeUrls?: string[] }).nodeUrls ?? []),
  ]);
  // ...and the mobile wallet's relay, the one WalletConnect host (networks.json names it).
  expect(new Set(csp['connect-src'])).toEqual(
    new Set([
      "'self'",
      ...nodes.map(originOf),
      originOf(API),
      ...origins(PORTS),
      `ws://localhost:${RELAY_PORT}`,
    ]),
  );
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['report-uri']).toEqual([`${API}/v1/client-report`]);

  // The head script ran (it started the swap remote's downloads) and nothing was refused.
  await recordViolations(page);
  await page.goto('/');
  await expect(page.locator('[data-remote="swap"]')).toContainText('TOKEN SWAP');
  expect(
    await page.evaluate(() => typeof (window as { __jmswapEarly?: unknown }).__jmswapEarly),
  ).toBe('object');
  await expect(
    page.locator(`link[rel="preload"][as="script"][href^="http://localhost:${PORTS.swap}/"]`),
  ).not.toHaveCount(0);
  expect(await violations(page)).toEqual([]);
});

test('an injected inline script, a script from an unlisted host and eval do not run, and are reported', async ({
  page,
}) => {
  const start = Date.now();
  // Without the policy (a page on :9089) the same injection runs all three: the test can see it.
  await page.goto(`http://localhost:${EVIL_PORT}/evil.html`);
  expect(await inject(page)).toEqual({ inline: 1, foreign: 1, eval: 1 });

  await recordViolations(page);
  await page.goto('/');
  await expect(page.locator('[data-remote="swap"]')).toContainText('TOKEN SWAP');
  expect(await violations(page)).toEqual([]);
  expect(await inject(page)).toEqual({ inline: undefined, foreign: undefined, eval: undefined });
  await expect
    .poll(async () => (await violations(page)).map((v) => [v.directive, v.blocked]))
    .toEqual(
      expect.arrayContaining([
        ['script-src-elem', 'inline'],
        ['script-src-elem', `http://localhost:${EVIL_PORT}/evil.js`],
        ['script-src', 'eval'],
      ]),
    );
  expect((await violations(page)).every((v) => v.disposition === 'enforce')).toBe(true);

  // The browser sent them to the default network's api; the operators' CLI lists them.
  const since = Math.floor(start / 1000) * 1000; // lastSeen is in whole seconds
  const recent = (cause: RegExp) =>
    cspReports().some((g) => cause.test(g.cause) && Date.parse(g.lastSeen) >= since);
  await expect.poll(() => recent(/^script-src-elem blocked inline/), { timeout: 20000 }).toBe(true);
  await expect
    .poll(() => recent(new RegExp(`^script-src-elem blocked .*:${EVIL_PORT}`)))
    .toBe(true);
  await expect.poll(() => recent(/^script-src blocked eval/)).toBe(true);
});

test('an injected <style> element does not apply, and is reported', async ({ page }) => {
  const start = Date.now();
  // An injected sheet could read the page (attribute selectors with url()s) or cover it.
  const injectStyle = (p: Page) =>
    p.evaluate(async () => {
      const style = document.createElement('style');
      style.textContent = 'body { visibility: hidden !important; }';
      document.head.appendChild(style);
      await new Promise((r) => setTimeout(r, 300));
      return getComputedStyle(document.body).visibility;
    });
  await page.goto(`http://localhost:${EVIL_PORT}/evil.html`);
  expect(await injectStyle(page)).toBe('hidden');

  await recordViolations(page);
  await page.goto('/');
  await expect(page.locator('[data-remote="swap"]')).toContainText('TOKEN SWAP');
  expect(await violations(page)).toEqual([]);
  // The site's own styles did apply: the swap remote's stylesheet is a file of its host.
  const sheet = page.locator(`link[rel="stylesheet"][href^="http://localhost:${PORTS.swap}/"]`);
  await expect(sheet).toHaveCount(1);
  expect(await sheet.getAttribute('integrity')).toMatch(/^sha384-/);
  expect(await injectStyle(page)).toBe('visible');
  await expect
    .poll(async () => (await violations(page)).map((v) => [v.directive, v.blocked]))
    .toEqual([['style-src-elem', 'inline']]);
  const since = Math.floor(start / 1000) * 1000;
  await expect
    .poll(
      () =>
        cspReports().some(
          (g) => /^style-src-elem blocked inline/.test(g.cause) && Date.parse(g.lastSeen) >= since,
        ),
      { timeout: 20000 },
    )
    .toBe(true);
});

test('the site runs under its policy without a violation: routes, wallets, widget, standalone pages', async ({
  page,
  evmAccount,
  tronAccount,
}) => {
  test.setTimeout(120_000);
  await recordViolations(page);
  const bsc = localNetworks().BSC!;
  await injectEvmWallet(page, { account: evmAccount, chainId: bsc.chainId, rpcUrls: evmRpcUrls() });
  await withTronLink(page, tronAccount);
  const checked: string[] = [];
  const clean = async () => {
    checked.push(page.url());
    expect(await violations(page), page.url()).toEqual([]);
  };

  await page.goto('/?n=BSC');
  const swap = page.locator('[data-remote="swap"]');
  await expect(swap).toContainText('TOKEN SWAP');
  // ethers and the EVM wallets load with the first wallet action; the quote brings the chart.
  await connectFromHeader(page, 'MetaMask');
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('1');
  await expect(swap).toHaveAttribute('data-quote-out', /\d+/);
  await clean();

  // tronweb loads with the first TRON wallet action.
  await page.goto('/?n=TRON');
  await connectFromHeader(page, 'TronLink');
  await clean();

  await page.goto('/?t=addLiquidity');
  await expect(page.locator('[data-remote="liquidity"]')).toContainText('LIQUIDITY');
  await clean();
  await page.goto('/charts');
  await expect(page.locator('[data-remote="charts"]')).toContainText('TRX/JM');
  await expect(page.locator('figure[data-chart="candle"]')).toHaveAttribute('data-state', 'ready');
  // The pointer on the light chart brings Highcharts.
  await page.locator('figure[data-chart="candle"]').hover();
  await expect(page.locator('figure[data-chart="candle"] .highcharts-container')).toBeVisible();
  await clean();
  await page.goto('/pools');
  await expect(page.getByTestId('pool-item').first()).toBeVisible();
  await clean();
  await page.goto('/listing');
  await expect(page.locator('[data-remote="listing"]')).toContainText('TOKEN LISTING');
  await clean();
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'HOW TO SWAP' })).toBeVisible();
  await page.goto('/info');
  await expect(page.getByRole('heading', { name: 'Roadmap' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByText('This page does not exist.')).toBeVisible();
  await clean();

  // The widget inside the allowed partner's page (its own policy, framed by :9088 only).
  await page.goto(`http://localhost:${HOST_PORT}/host.html`);
  const received = () =>
    page.evaluate(() => (window as unknown as { received: { type: string }[] }).received.length);
  await expect.poll(received).toBeGreaterThan(0); // the widget's JMSwapLoading
  await page.evaluate(() =>
    (window as unknown as { sendOptions: (o: object) => void }).sendOptions({ network: 'BSC' }),
  );
  const widget = page.frameLocator('iframe#widget');
  await expect(widget.locator('[data-remote="swap"]')).toContainText('TOKEN SWAP');
  await clean();

  // Each remote's standalone page, on its own host.
  for (const port of Object.values(PORTS)) {
    await page.goto(`http://localhost:${port}/1.0.0/`);
    await expect(page.getByText(/^Standalone /)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await clean();
  }
  expect(checked).toHaveLength(8 + Object.keys(PORTS).length);
});
