import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { connectFromHeader } from '../fixtures/connect';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { configDir, HOST_PORT, repoRoot } from '../fixtures/stack';

/**
 * Analytics that reach someone: one visit's events arrive at the api (a sendBeacon batch when
 * the page is left), `npm run analytics` counts them, and nothing about the visitor is kept;
 * nothing leaves the browser under Global Privacy Control; a third-party script named in
 * site.json loads under a CSP that allows exactly its origin. And the help page's topics.
 */
const run = promisify(execFile);
const API_DATA = path.join(repoRoot, '.run/e2e-api-data');
type Count = { event: string; network: string; count: number };

async function summary(): Promise<Count[]> {
  const { stdout } = await run(
    'npm',
    [
      'run',
      '--silent',
      'analytics',
      '--',
      'summary',
      '--since',
      '1d',
      '--json',
      '--data',
      API_DATA,
    ],
    { cwd: repoRoot, env: { ...process.env, INIT_CWD: repoRoot } },
  );
  return (JSON.parse(stdout) as { counts: Count[] }).counts;
}
const countOf = (counts: Count[], event: string, network: string) =>
  counts.find((c) => c.event === event && c.network === network)?.count ?? 0;

/** The requests the page sends to the api's /v1/events. */
function eventPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/v1/events')) posts.push(r);
  });
  return posts;
}

/** The page as the browser hides it (another tab in front), and shown again. */
async function hidePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}
async function showPage(page: Page) {
  await page.evaluate(() => {
    delete (document as { visibilityState?: unknown }).visibilityState;
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test("one visit's events reach the api; npm run analytics counts them, and no address is stored", async ({
  page,
  evmAccount: account,
}) => {
  const before = await summary();
  const posts = eventPosts(page);
  await injectEvmWallet(page, {
    account,
    chainId: localNetworks().BSC!.chainId,
    rpcUrls: evmRpcUrls(),
  });
  await page.goto('/?n=BSC');
  await connectFromHeader(page, 'MetaMask');
  // The tab hidden (another tab, the phone locked): what is queued goes, as a beacon.
  await hidePage(page);
  await expect.poll(() => posts.length, { timeout: 15_000 }).toBe(1);
  const sent = posts[0]!.postData() ?? '';
  expect(sent).toContain('"event":"ROUTE_INDEX"');
  expect(sent).toContain('"event":"WALLET_CONNECT"');
  expect(sent.toLowerCase()).not.toContain(account.slice(2).toLowerCase());
  await showPage(page);
  await page.getByRole('link', { name: 'Help center' }).first().click();
  await expect(page.getByRole('heading', { name: 'HOW TO SWAP' })).toBeVisible();
  // Leaving the site: the rest goes with the page, in its last task (Playwright does not
  // report a request the leaving page makes; the api's counts below show it arrived).
  await page.goto('about:blank');

  await expect
    .poll(
      async () => {
        const after = await summary();
        return [
          countOf(after, 'ROUTE_INDEX', 'BSC') - countOf(before, 'ROUTE_INDEX', 'BSC'),
          countOf(after, 'WALLET_CONNECT', 'BSC') - countOf(before, 'WALLET_CONNECT', 'BSC'),
          // the help route shows no network: it counts under the one the visitor is on
          countOf(after, 'ROUTE_HELP', 'BSC') - countOf(before, 'ROUTE_HELP', 'BSC'),
        ];
      },
      { timeout: 20_000, message: 'npm run analytics counts the visit' },
    )
    .toEqual([1, 1, 1]);

  // The operator's view: per event and network, and /metrics has the totals too.
  const admin = JSON.parse(readFileSync(path.join(API_DATA, '..', 'api-admin.json'), 'utf8')) as {
    url: string;
  };
  const metrics = await (await fetch(`${admin.url}/metrics`)).text();
  expect(metrics).toMatch(
    /jmswap_api_analytics_events\{event="WALLET_CONNECT",network="BSC"\} \d+/,
  );
  const stored = JSON.stringify(await summary());
  expect(stored.toLowerCase()).not.toContain(account.slice(2).toLowerCase());
});

test('with Global Privacy Control (or Do Not Track) on, no event leaves the browser', async ({
  page,
}) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  );
  const posts = eventPosts(page);
  await page.goto('/?n=TRON');
  await page.goto('/help');
  await page.goto('/charts');
  // The page has its event, and hiding it (which sends a batch otherwise) sends nothing.
  await expect
    .poll(() =>
      page.evaluate(() =>
        (
          (window as unknown as { __JMSWAP_ANALYTICS__?: { name: string }[] })
            .__JMSWAP_ANALYTICS__ ?? []
        ).map((r) => r.name),
      ),
    )
    .toContain('ROUTE_CHARTS');
  await hidePage(page);
  await page.waitForTimeout(1_000);
  expect(posts).toHaveLength(0);
});

test("site.json: a third-party analytics script loads under a CSP that allows exactly its origin; the deck link is the deployment's", async ({
  page,
}) => {
  const scriptUrl = `http://localhost:${HOST_PORT}/third-party-analytics.js`;
  const siteFile = path.join(configDir, 'site.json');
  writeFileSync(
    siteFile,
    JSON.stringify({
      deckUrl: 'https://files.example/jmswap-deck.pdf',
      analytics: { provider: 'script', scriptUrl, siteId: 'jmswap.example' },
    }),
  );
  try {
    await page.route(scriptUrl, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'window.__thirdParty = []; window.plausible = (e, o) => window.__thirdParty.push([e, o]);',
      }),
    );
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const posts = eventPosts(page);
    const response = await page.goto('/info');
    const csp = (await response!.headerValue('content-security-policy')) ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.split(/\s+/)).toContain(`http://localhost:${HOST_PORT}`);
    expect(scriptSrc.split(/\s+/)).not.toContain('http:');
    expect(scriptSrc.split(/\s+/)).not.toContain('*');

    await expect(page.getByRole('link', { name: 'Download our deck (PDF)' })).toHaveAttribute(
      'href',
      'https://files.example/jmswap-deck.pdf',
    );
    // The page is hidden: the batch goes, to the script.
    await hidePage(page);
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { __thirdParty?: [string][] }).__thirdParty),
      )
      .toEqual([['ROUTE_INFO', expect.objectContaining({ props: expect.anything() })]]);
    expect(posts).toHaveLength(0);
    expect(violations).toEqual([]);
  } finally {
    rmSync(siteFile, { force: true });
  }
});

test('without a deck in site.json the info page has no deck link (no link to a missing file)', async ({
  page,
}) => {
  await page.goto('/info');
  await expect(page.getByRole('heading', { name: 'Roadmap' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a listing' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download our deck (PDF)' })).toHaveCount(0);
});

test('/help?t=<topic> opens that topic and brings it into view; the help page says what is collected', async ({
  page,
}, testInfo) => {
  await page.goto('/help?t=privacy');
  // The app's page, not the built frames (one per language) shown before it.
  const topic = page.locator('#root > main [data-topic="privacy"]');
  await expect(topic).toHaveJSProperty('open', true);
  await expect(page.locator('#root > main [data-topic="swap"]')).toHaveJSProperty('open', false);
  await expect(topic).toContainText(
    'We never store your wallet address, your IP address, your browser',
  );
  await expect(topic.getByText(/Global Privacy Control/)).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('help-privacy.png') });
  await page.goto('/help?t=transactions');
  await expect(page.locator('#root > main [data-topic="transactions"]')).toHaveJSProperty(
    'open',
    true,
  );
  await page.goto('/help');
  await expect(page.locator('#root > main [data-topic="swap"]')).toHaveJSProperty('open', true);
});
