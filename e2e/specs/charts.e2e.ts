import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type TronAccount } from '../fixtures/test';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { expectLanded, ledger } from '../fixtures/landed';
import { PORTS } from '../fixtures/stack';
import { setResources, withTronLink } from '../fixtures/tron';
import { closeSendPopup } from '../fixtures/send-popup';
import { expectWalletBack } from '../fixtures/connect';

const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const miniChart = (page: Page) => swapBox(page).locator('[data-slot="chart"]');
const historyArea = (page: Page) => swapBox(page).locator('[data-slot="history"]');
const PLENTY_OF_ENERGY = 50_000_000;
const net = (id: string) => localNetworks()[id]!;
const apiUrl = () => (net('TRON') as unknown as { api: { url: string } }).api.url;
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

type ApiTrade = { type: string; price: string; date: number; hash: string };

/** Connects the wallet from the header, as a user does on a first visit. */
async function connect(page: Page, wallet: 'TronLink' | 'MetaMask') {
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: wallet === 'TronLink' ? 'TronLink' : 'Browser wallet (MetaMask)' })
    .click();
  await expect(page.getByTestId('wallet-session')).toContainText(`Welcome ${wallet}`);
}

async function openTron(page: Page, account: TronAccount): Promise<string> {
  await setResources(account.address, PLENTY_OF_ENERGY);
  await withTronLink(page, account);
  await page.goto('/?n=TRON');
  await connect(page, 'TronLink');
  return account.address;
}

async function openBsc(page: Page, account: string): Promise<string> {
  await injectEvmWallet(page, { account, chainId: net('BSC').chainId, rpcUrls: evmRpcUrls() });
  await page.goto('/?n=BSC');
  await connect(page, 'MetaMask');
  return account;
}

/**
 * Sells `amount` of the default "from" token through the UI, checks on chain that the quoted
 * amounts left and arrived, and returns the popup's tx id (the one that landed).
 */
async function swapDefaultPair(
  page: Page,
  network: string,
  owner: string,
  amount: string,
): Promise<string> {
  const [from, to] = (net(network) as unknown as { defaultTokens: [string, string] }).defaultTokens;
  const before = await ledger(network, owner, [from, to]);
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill(amount);
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const quote = async (name: string) => BigInt((await swapBox(page).getAttribute(name)) as string);
  const [amountIn, amountOut] = [await quote('data-quote-in'), await quote('data-quote-out')];
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toBeVisible({ timeout: 30000 });
  const href = (await popup.getByTestId('txid').getAttribute('href')) as string;
  const landed = await expectLanded(before, {
    debit: { [from]: amountIn },
    credit: { [to]: amountOut },
  });
  const hash = href.slice(net(network).scan.length);
  expect(landed.txs.map((t) => t.hash)).toContain(hash);
  await closeSendPopup(page);
  return hash;
}

/** A page of the header's sub-menu, opened as a user does (no page load). */
const subMenu = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sub-menu' }).getByRole('link', { name, exact: true });

const sameHash = (a: string, b: string) =>
  a.replace(/^0x/, '').toLowerCase() === b.replace(/^0x/, '').toLowerCase();

/** The trade as the api serves it, once its indexer has the block. */
async function apiTrade(network: string, a: string, b: string, hash: string): Promise<ApiTrade> {
  const { tokens } = net(network);
  const url = `${apiUrl()}/v1/history/${network.toLowerCase()}/trades/${tokens[a]!.address}/${tokens[b]!.address}?limit=50`;
  let found: ApiTrade | undefined;
  await expect
    .poll(
      async () => {
        const trades = (await (await fetch(url)).json()) as ApiTrade[];
        found = Array.isArray(trades) ? trades.find((t) => sameHash(t.hash, hash)) : undefined;
        return !!found;
      },
      { timeout: 30000, message: 'the api indexes the swap' },
    )
    .toBe(true);
  return found!;
}

/** A price as Trading History writes it: six decimals, thousands with commas. */
const sixDecimals = (price: string) => {
  const [whole = '', fraction = ''] = price.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.slice(0, 6).padEnd(6, '0')}`;
};

test('a swap made in the swap box shows in Trading History, the candles and the CSV of My trades; BNB/USDT reads USDT per BNB on the mini chart, the charts page and the history', async ({
  page,
  evmAccount,
}, testInfo) => {
  const scan = net('BSC').scan;
  const owner = await openBsc(page, evmAccount);
  // Quote per base: the stablecoin is the quote side, whichever token is sold.
  const mini = miniChart(page).locator('figure[data-chart="line"]');
  await expect(mini).toBeVisible();
  await expect(mini.getByRole('img', { name: /^BNB\/USDT price, 4-hour line/ })).toBeVisible();
  await expect(mini).toHaveAttribute('data-last-close', /\d/);
  const miniClose = Number(await mini.getAttribute('data-last-close'));
  expect(miniClose).toBeGreaterThan(100); // hundreds of USDT per BNB, not 0.00x BNB per USDT
  // Open before the swap: the panel has read (and cached) the trades without it.
  await historyArea(page).getByRole('button', { name: 'Toggle swap history' }).click();
  const panel = page.getByRole('region', { name: 'Trading History' });
  await expect(panel.getByRole('columnheader')).toHaveText([
    'Price (USDT)',
    'Amount (BNB)',
    'Time',
  ]);
  const hash = await swapDefaultPair(page, 'BSC', owner, '0.5');
  // asked as the page shows it: USDT per BNB
  const trade = await apiTrade('BSC', 'USDT', 'BNB', hash);
  expect(Number(trade.price)).toBeGreaterThan(100);
  expect(Math.abs(Number(trade.price) - miniClose) / miniClose).toBeLessThan(0.05);
  // The panel asks again a few seconds after the user's swap, past its caches.
  const txLink = `a[href="${scan}${trade.hash}"]`;
  await expect(panel.locator(txLink)).toBeVisible({ timeout: 40000 });
  await expect(panel.getByRole('row').filter({ has: page.locator(txLink) })).toContainText(
    sixDecimals(trade.price),
  );
  await page.screenshot({ path: testInfo.outputPath('swap-box-history.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 900 });
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('swap-box-history-375.png'), fullPage: true });

  await page.goto('/charts?n=BSC&symbolA=BNB&symbolB=USDT');
  const candles = page.locator('figure[data-chart="candle"]');
  await expect(candles).toHaveAttribute('data-state', 'ready');
  // The light chart paints first; the pointer on it brings Highcharts.
  await candles.hover();
  await expect(candles.locator('.highcharts-container')).toBeVisible();
  const lastClose = Number(await candles.getAttribute('data-last-close'));
  expect(Math.abs(lastClose - Number(trade.price)) / Number(trade.price)).toBeLessThan(1e-9);

  await expect(page.getByRole('heading', { level: 2 })).toContainText('BNB/USDT');
  await expect(page.locator('[data-figure="title-unit"]')).toHaveText('USDT per BNB');
  const titlePrice = Number(await page.locator('[data-figure="title-price"]').textContent());
  expect(Math.abs(titlePrice - Number(trade.price)) / titlePrice).toBeLessThan(0.05);
  const pairCsv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download BNB/USDT trades (CSV)' }).click();
  const pairRow = readFileSync(await (await pairCsv).path(), 'utf8')
    .split('\r\n')
    .find((line) => line.includes(trade.hash));
  expect(pairRow).toContain(`,BSC,BNB/USDT,${trade.type},${trade.price},USDT per BNB,`);
  // The toggle turns the page round: BNB per USDT, the CSV follows.
  await page.getByRole('button', { name: 'Show as USDT/BNB' }).click();
  await expect(page.locator('[data-figure="title-unit"]')).toHaveText('BNB per USDT');
  const inverted = await apiTrade('BSC', 'BNB', 'USDT', hash);
  await expect(candles).toHaveAttribute('data-state', 'ready');
  await expect
    .poll(async () => Number(await candles.getAttribute('data-last-close')))
    .toBeCloseTo(Number(inverted.price), 12);
  const invertedCsv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download USDT/BNB trades (CSV)' }).click();
  const invertedRow = readFileSync(await (await invertedCsv).path(), 'utf8')
    .split('\r\n')
    .find((line) => line.includes(trade.hash));
  expect(invertedRow).toContain(`,BSC,USDT/BNB,${inverted.type},${inverted.price},BNB per USDT,`);
  await page.getByRole('button', { name: 'Show as BNB/USDT' }).click();

  await expectWalletBack(page, 'MetaMask');
  const myTrades = page.getByRole('region', { name: 'My trades' });
  await expect(myTrades.locator(`a[href="${scan}${trade.hash}"]`)).toBeVisible();
  const download = page.waitForEvent('download');
  await myTrades.getByRole('button', { name: 'Download my trades (CSV)' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  const row = csv.split('\r\n').find((line) => line.includes(trade.hash));
  expect(row).toContain(',BSC,BNB/USDT,buy,0.5,BNB,');
  expect(row).toContain(`${scan}${trade.hash}`);
  await page.screenshot({ path: testInfo.outputPath('charts-page-bsc.png'), fullPage: true });
});

/** Waits until the api serves `hash` among `owner`'s trades (its indexer has the block). */
async function expectAccountTrade(network: string, owner: string, hash: string): Promise<void> {
  const url = `${apiUrl()}/v1/history/${network.toLowerCase()}/account/${owner}/trades`;
  await expect
    .poll(
      async () => {
        const trades = (await (await fetch(url)).json()) as ApiTrade[];
        return Array.isArray(trades) && trades.some((t) => sameHash(t.hash, hash));
      },
      { timeout: 30000, message: "the api indexes the wallet's trade" },
    )
    .toBe(true);
}

test("a route's two pools (USDT → BNB → BUSD) are one trade in My trades and its CSV: what left the wallet and what arrived", async ({
  page,
  evmAccount: owner,
}) => {
  await injectEvmWallet(page, {
    account: owner,
    chainId: net('BSC').chainId,
    rpcUrls: evmRpcUrls(),
  });
  await page.goto('/?n=BSC&from=USDT&to=BUSD');
  await connect(page, 'MetaMask');
  const before = await ledger('BSC', owner, ['USDT', 'BUSD']);
  await page.getByRole('textbox', { name: 'Tokens to swap' }).fill('10');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  await expect(swapBox(page).getByTestId('path')).toHaveText('USDT → BNB → BUSD');
  const amountOut = BigInt((await swapBox(page).getAttribute('data-quote-out')) as string);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click(); // approve, swap
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toBeVisible({ timeout: 30000 });
  const href = (await popup.getByTestId('txid').getAttribute('href')) as string;
  const hash = href.slice(net('BSC').scan.length);
  await expectLanded(before, {
    txs: 2,
    debit: { USDT: 10n * 10n ** 18n },
    credit: { BUSD: amountOut },
  });
  await closeSendPopup(page);
  await expectAccountTrade('BSC', owner, hash);

  await page.goto('/charts?n=BSC');
  await expectWalletBack(page, 'MetaMask');
  const myTrades = page.getByRole('region', { name: 'My trades' });
  const rows = myTrades.getByRole('row').filter({ has: page.locator(`a[href="${href}"]`) });
  await expect(rows).toHaveCount(1);
  const e18 = 10n ** 18n;
  const fraction = (amountOut % e18).toString().padStart(18, '0');
  const received = `${amountOut / e18}.${fraction.slice(0, 6)}`;
  await expect(rows.getByRole('cell')).toHaveText([
    /.+/,
    '10.000000 USDT',
    `${received} BUSD`,
    /^\$/,
  ]);
  const download = page.waitForEvent('download');
  await myTrades.getByRole('button', { name: 'Download my trades (CSV)' }).click();
  const lines = readFileSync(await (await download).path(), 'utf8')
    .split('\r\n')
    .filter((line) => line.includes(hash));
  expect(lines).toEqual([expect.stringContaining(',BSC,USDT/BUSD,swap,10,USDT,')]);
  expect(lines[0]).toContain(`,${amountOut / e18}.${fraction.replace(/0+$/, '')},BUSD,`);
});

test('the charts page seen before a swap shows it on the way back at once: My trades, the current price and the 24h volume, after a reload too', async ({
  page,
  evmAccount,
}) => {
  const scan = net('BSC').scan;
  const owner = await openBsc(page, evmAccount);
  const figure = (name: string) => page.locator(`[data-figure="${name}"]`);
  const number = async (name: string) =>
    Number(((await figure(name).textContent()) ?? '').replace(/[$,]/g, '').split(' ')[0]);
  const myTrades = page.getByRole('region', { name: 'My trades' });
  const openCharts = async () => {
    await subMenu(page, 'Charts').click();
    await expect(page.locator('[data-figure="title-unit"]')).toHaveText('USDT per BNB');
  };
  // The page reads (and the browser and the page keep) the figures and trades without the swap.
  await openCharts();
  await expect(myTrades.getByText('No swap data available')).toBeVisible();
  const priceBefore = await number('title-price');
  const volumeBefore = await number('volume');

  await subMenu(page, 'Swap').click();
  const first = await swapDefaultPair(page, 'BSC', owner, '0.5');
  await expectAccountTrade('BSC', owner, first);
  await openCharts();
  // Within seconds, not when the copies kept from before the swap expire (a minute).
  await expect(myTrades.locator(`a[href="${scan}${first}"]`)).toBeVisible({ timeout: 15_000 });
  // BNB sold into the pool: fewer USDT per BNB; the swap's dollars added to the day's volume.
  await expect.poll(() => number('title-price'), { timeout: 15_000 }).toBeLessThan(priceBefore);
  await expect
    .poll(() => number('volume'), { timeout: 15_000 })
    .toBeGreaterThan(volumeBefore + 250);
  const priceAfterFirst = await number('title-price');

  // Another swap, then the charts page loaded anew: the browser's copies are not served either.
  await subMenu(page, 'Swap').click();
  const second = await swapDefaultPair(page, 'BSC', owner, '0.25');
  await expectAccountTrade('BSC', owner, second);
  await page.goto('/charts?n=BSC');
  await expectWalletBack(page, 'MetaMask');
  await expect(myTrades.locator(`a[href="${scan}${second}"]`)).toBeVisible({ timeout: 15_000 });
  await expect(myTrades.locator(`a[href="${scan}${first}"]`)).toBeVisible();
  await expect.poll(() => number('title-price'), { timeout: 15_000 }).toBeLessThan(priceAfterFirst);
});

/** How many lines each part of a figure takes: the parts are its text before and after a <wbr>. */
/** How many lines a figure's text takes. */
const lineCount = (figure: Locator) =>
  figure.evaluate((dd) => {
    const range = document.createRange();
    range.selectNodeContents(dd);
    const tops = new Set<number>();
    for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    return tops.size;
  });
const FIGURES = ['price', 'volume', 'supply', 'circulating', 'marketcap'];
/** Every figure whose text is broken over lines (JM's supplies once broke inside their digits). */
const brokenFigures = async (page: Page) => {
  const broken: string[] = [];
  for (const name of FIGURES)
    if ((await lineCount(page.locator(`[data-figure="${name}"]`))) !== 1) broken.push(name);
  return broken;
};

test('the charts page of TRX/JM shows the price, volume, supply and market cap /v1/info returns', async ({
  page,
}, testInfo) => {
  const info = (await (await fetch(`${apiUrl()}/v1/info`)).json()) as {
    networks: {
      TRON: {
        pairs: { symbolA: string; symbolB: string; price: number; volume24HUsd: number | null }[];
        jm: { supply: string; circulatingSupply: string; marketcapUsd: number | null };
      };
    };
  };
  const { pairs, jm } = info.networks.TRON;
  const pair = pairs.find((p) => p.symbolA === 'TRX' && p.symbolB === 'JM')!;
  await page.goto('/charts?n=TRON');
  const figure = (name: string) => page.locator(`[data-figure="${name}"]`);
  // JM priced in TRX (the base coin): JM/TRX, TRX per JM
  await expect(page.getByRole('heading', { level: 2 })).toContainText('JM/TRX');
  await expect(figure('title-price')).toHaveText(pair.price.toFixed(5));
  await expect(figure('price')).toContainText(`${pair.price.toFixed(5)} TRX`);
  const volume = pair.volume24HUsd;
  await expect(figure('volume')).toHaveText(
    volume === null
      ? '-'
      : `$${volume.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );
  const supplyWhole = jm.supply.split('.')[0]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  await expect(figure('supply')).toContainText(supplyWhole);
  const [cWhole = '0', cFraction = ''] = jm.circulatingSupply.split('.');
  await expect(figure('circulating')).toHaveText(
    `${cWhole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cFraction.slice(0, 9).padEnd(9, '0')}`,
  );
  await expect(figure('marketcap')).toHaveText(
    jm.marketcapUsd === null ? '-' : `$${(jm.marketcapUsd / 1e6).toFixed(3)}M`,
  );
  await page.screenshot({ path: testInfo.outputPath('charts-desktop.png'), fullPage: true });
  expect(await brokenFigures(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await page.locator('figure[data-chart="candle"] [data-light-chart]').hover();
  await expect(page.locator('figure[data-chart="candle"] .highcharts-container')).toBeVisible();
  await expect.poll(() => pageWidth(page)).toBeLessThanOrEqual(375);
  expect(await brokenFigures(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('charts-375.png'), fullPage: true });
});

test("a visitor whose clock is a day ahead sees the chart's current point where the api's candles are, not a day ahead", async ({
  page,
}) => {
  const BUCKET = 4 * 3_600_000;
  const bucketOf = (ms: number) => ms - (ms % BUCKET);
  await page.clock.install({ time: new Date(Date.now() + 24 * 3_600_000) });
  await page.goto('/charts?n=TRON');
  const candles = page.locator('figure[data-chart="candle"]');
  await expect(candles).toHaveAttribute('data-state', 'ready');
  // None (a candle within the last 4 hours), or now's bucket by the api's clock (this runner's).
  const current = await candles.getAttribute('data-current-point');
  expect([null, String(bucketOf(Date.now())), String(bucketOf(Date.now() - 60_000))]).toContain(
    current,
  );
});

test('a link naming a pair the charts cannot show opens the default pair, and the address bar says so', async ({
  page,
}) => {
  await page.goto('/charts?n=BSC&symbolA=USDT&symbolB=NOPE');
  await expect(page.getByRole('button', { name: 'Pair: BNB/USDT' })).toBeVisible();
  await expect(page).toHaveURL(/\/charts\?n=BSC$/);
  // A pair of the list, named in the other order, is kept as asked.
  await page.goto('/charts?n=BSC&symbolA=USDT&symbolB=BNB');
  await expect(page.getByRole('button', { name: 'Pair: USDT/BNB' })).toBeVisible();
  await expect(page).toHaveURL(/symbolA=USDT&symbolB=BNB$/);
});

test('"Show as" is kept in the address: a reload and a copied link show the same side; the first candles are asked once, by the head script, on every chart network', async ({
  page,
}) => {
  const firstCandles: string[] = [];
  page.on('request', (r) => {
    if (/\/candles\/3m\/.*limit=42/.test(r.url())) firstCandles.push(new URL(r.url()).pathname);
  });
  const title = page.getByRole('heading', { level: 2 });
  for (const n of ['TRON', 'BSC', 'POLY']) {
    firstCandles.length = 0;
    await page.goto(`/charts?n=${n}`);
    await expect(page.locator('[data-figure="title-price"]')).toHaveText(/\d/);
    await expect(page.locator('figure[data-chart="candle"]')).toHaveAttribute(
      'data-state',
      /ready|empty/,
    );
    // The page adopted the head script's answer: no second request for the same candles.
    expect(firstCandles, n).toHaveLength(1);
  }

  await page.goto('/charts?n=BSC');
  await expect(title).toContainText('BNB/USDT');
  await expect(title).toContainText('USDT per BNB');
  await page.getByRole('button', { name: 'Show as USDT/BNB' }).click();
  await expect(title).toContainText('BNB per USDT');
  await expect(page).toHaveURL(/[?&]invert=1/);

  firstCandles.length = 0;
  await page.reload();
  await expect(title).toContainText('USDT/BNB');
  await expect(title).toContainText('BNB per USDT');
  await expect(page.getByRole('button', { name: 'Show as BNB/USDT' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('figure[data-chart="candle"]')).toHaveAttribute(
    'data-state',
    /ready|empty/,
  );
  expect(firstCandles).toEqual(['/v1/history/bsc/candles/3m/BNB/USDT']);

  // The toggle replaced the entry: Back leaves the page, not the side.
  await page.goto('/?n=BSC');
  await page.goto('/charts?n=BSC&invert=1');
  await page.getByRole('button', { name: 'Show as BNB/USDT' }).click();
  await expect(title).toContainText('USDT per BNB');
  await page.goBack();
  await expect(page).toHaveURL(/\/\?n=BSC$/);

  // Another pair drops the side chosen for the one before.
  await page.goto('/charts?n=BSC&invert=1');
  await page.getByRole('button', { name: /^Pair: / }).click();
  // The open list: a search and a button per pair, with nothing axe finds; Escape folds it.
  const { violations } = await new AxeBuilder({ page }).include('.jm-pair-picker').analyze();
  expect(violations).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('list', { name: 'Pairs' })).toBeHidden();
  await expect(page.getByRole('button', { name: /^Pair: / })).toBeFocused();
  await page.keyboard.press('Enter');
  await page
    .getByRole('list', { name: 'Pairs' })
    .getByRole('button', { name: /BUSD/ })
    .first()
    .click();
  await expect(page).not.toHaveURL(/invert=/);
});

test('the charts page shows its figures before Highcharts; the candles are labelled and readable from the keyboard', async ({
  page,
}) => {
  // The chart library (Highcharts, its Stock and accessibility modules) held back: the figures
  // never wait for it.
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/chart-library.*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/charts?n=TRON&symbolA=TRX&symbolB=JM');
  const candles = page.locator('figure[data-chart="candle"]');
  await expect(page.locator('[data-figure="price"]')).toContainText(/\d/);
  await expect(candles).toHaveAttribute('data-state', 'ready');
  // Meanwhile the light chart shows the same candles, with the chart's label.
  const label = 'JM/TRX price, 4-hour candles, last week'; // the range shown (1W)
  await expect(candles.getByRole('img', { name: label })).toBeVisible();
  await expect(candles.locator('.highcharts-container')).toHaveCount(0);
  // Under the candles, their dollar volume as bars.
  await expect(candles.locator('path.jm-light-volume')).toHaveAttribute('d', /^M [\d.]+ 100 V /);
  release();

  const decimals = Number(await candles.getAttribute('data-decimals'));
  // The chart's own decimals (the spec's precision), thousands with commas.
  const price = `[\\d,]+\\.\\d{${decimals}}`;
  const candle = new RegExp(
    `^\\d{4}-\\d\\d-\\d\\d \\d\\d:00 UTC, open: ${price}, high: ${price}, low: ${price}, close: ${price}\\.`,
  );
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  // A keyboard user tabs from the pair picker, past the price's invert toggle, into the chart,
  // then moves along the candles.
  await page.getByRole('button', { name: 'Pair: TRX/JM' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /^Show as / })).toBeFocused();
  await page.keyboard.press('Tab');
  // Tabbing into the light chart brings Highcharts, which takes the focus to the first candle.
  await expect(candles.locator('svg.highcharts-root')).toHaveAttribute('aria-label', label);
  await expect.poll(focused).toMatch(candle);
  const first = await focused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(focused).toMatch(candle);
  expect(await focused()).not.toBe(first);
  // The candle's tooltip gives its dollar volume beside its prices; the bars stand under them.
  await expect(candles.locator('.highcharts-tooltip')).toContainText(/Volume: \$[\d,]+\.\d\d/);
  const bars = candles.locator('.highcharts-column-series .highcharts-point');
  const standing = await bars.evaluateAll(
    (all) => all.filter((bar) => bar.getBoundingClientRect().height > 0).length,
  );
  expect(standing).toBeGreaterThan(0);
  // Another range: the chart's name says it.
  await page
    .getByRole('group', { name: 'Chart range' })
    .getByRole('button', { name: '1M' })
    .click();
  await expect(candles.locator('svg.highcharts-root')).toHaveAttribute(
    'aria-label',
    'JM/TRX price, 4-hour candles, last month',
  );
});

test('with the API down every chart and history area shows its empty state and the swap works', async ({
  page,
  tronAccount,
}, testInfo) => {
  await page.route(`${new URL(apiUrl()).origin}/**`, (route) => route.abort('connectionrefused'));
  await page.setViewportSize({ width: 375, height: 900 });
  const owner = await openTron(page, tronAccount);
  await expect(miniChart(page)).toContainText('No chart data available');
  await historyArea(page).getByRole('button', { name: 'Toggle swap history' }).click();
  await expect(historyArea(page)).toContainText('No swap data available');
  await page.screenshot({ path: testInfo.outputPath('swap-box-api-down-375.png'), fullPage: true });
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  expect(await swapDefaultPair(page, 'TRON', owner, '50')).toMatch(/^[0-9a-f]{64}$/);

  await page.goto('/charts?n=TRON&symbolA=TRX&symbolB=JM');
  await expect(page.getByText('No chart data available')).toBeVisible();
  await expect(page.getByText('Market data is unavailable right now')).toBeVisible();
  await expectWalletBack(page, 'TronLink');
  await expect(page.getByRole('region', { name: 'My trades' })).toContainText(
    'No swap data available',
  );
  await page.screenshot({ path: testInfo.outputPath('charts-api-down-375.png'), fullPage: true });
});

test("with the charts remote's server down the swap box shows no chart and swaps", async ({
  page,
  tronAccount,
}) => {
  await page.route(`http://localhost:${PORTS.charts}/**`, (route) =>
    route.abort('connectionrefused'),
  );
  const owner = await openTron(page, tronAccount);
  await expect(page.getByRole('textbox', { name: 'Tokens to swap' })).toBeEditable();
  expect(await swapDefaultPair(page, 'TRON', owner, '50')).toMatch(/^[0-9a-f]{64}$/);
  await expect(miniChart(page)).toBeEmpty();
  await expect(historyArea(page)).toBeEmpty();
  await expect(page.getByText('No chart data available')).toHaveCount(0);
});

test('a connection that drops as Highcharts downloads costs nothing: the light chart stays, and Highcharts comes once the browser is online again, without a reload', async ({
  page,
  context,
}) => {
  await page.goto('/?n=BSC');
  await expect(page.getByTestId('price-from')).toHaveText(/\d/);
  const layers = miniChart(page).locator('[data-drawn]');
  await expect(layers).toHaveAttribute('data-drawn', 'light');

  // Offline as the pointer asks for Highcharts: its download fails, the light chart stays.
  await context.setOffline(true);
  const failed = page.waitForEvent('console', (m) =>
    m.text().startsWith('[charts] the interactive chart could not load'),
  );
  await layers.hover();
  await failed;
  await expect(layers).toHaveAttribute('data-drawn', 'light');
  await expect(miniChart(page).locator('figure[data-chart="line"]')).toBeVisible();

  // Back online: Highcharts downloads again (the federation runtime had kept the failed load)
  // and takes the light chart's place.
  await context.setOffline(false);
  await expect(layers).toHaveAttribute('data-drawn', 'highcharts', { timeout: 10_000 });
  await expect(page.getByTestId('price-from')).toHaveText(/\d/);
});
