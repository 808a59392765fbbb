import { expect, test, type Page } from '@playwright/test';
import { Contract, JsonRpcProvider } from 'ethers';
import { TronWeb } from 'tronweb';
import { localNetworks } from '../fixtures/chain';
import { thumbMisses } from '../fixtures/phone';
import { TRON_NODE } from '../fixtures/tron';

const PAIR_ABI = [
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
];
const TRON_PAIR_ABI = [
  {
    type: 'function',
    name: 'getReserves',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'a', type: 'uint112' },
      { name: 'b', type: 'uint112' },
      { name: 't', type: 'uint32' },
    ],
  },
  {
    type: 'function',
    name: 'token0',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'address' }],
  },
];

type Pool = { symbolA: string; symbolB: string; address: string };
type Net = {
  nodeUrl: string;
  api: { url: string };
  pools: Pool[];
  tokens: Record<string, { address: string; decimals: number }>;
};
const net = (id: string) => localNetworks()[id] as unknown as Net;

/** The page's display rule: truncated to 6 decimals, trailing zeros dropped, thousands grouped. */
function display(value: bigint, decimals: number): string {
  const digits = value.toString().padStart(decimals + 1, '0');
  const whole = BigInt(digits.slice(0, digits.length - decimals)).toLocaleString('en-US');
  const fraction = digits
    .slice(digits.length - decimals)
    .slice(0, 6)
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A pool's reserves in the config's symbol order, read straight from the pair contract. */
async function chainReserves(id: string, pool: Pool): Promise<[bigint, bigint]> {
  const n = net(id);
  let r0: bigint;
  let r1: bigint;
  let token0: string;
  if (id === 'TRON') {
    const tronWeb = new TronWeb({ fullHost: TRON_NODE });
    tronWeb.setAddress(pool.address);
    const pair = tronWeb.contract(TRON_PAIR_ABI, pool.address);
    const res = (await pair.getReserves().call()) as unknown[];
    [r0, r1] = [BigInt(String(res[0])), BigInt(String(res[1]))];
    token0 = TronWeb.address.fromHex(String(await pair.token0().call()));
  } else {
    const provider = new JsonRpcProvider(n.nodeUrl, undefined, { staticNetwork: true });
    const pair = new Contract(pool.address, PAIR_ABI, provider);
    [r0, r1] = (await pair.getFunction('getReserves')()) as [bigint, bigint];
    token0 = (await pair.getFunction('token0')()) as string;
    provider.destroy();
  }
  const aIsToken0 = n.tokens[pool.symbolA]!.address.toLowerCase() === token0.toLowerCase();
  return aIsToken0 ? [r0, r1] : [r1, r0];
}

const row = (page: Page, pool: Pool) =>
  page.locator(`[data-testid="pool-row"][data-pair="${pool.symbolA}/${pool.symbolB}"]`);

async function expectChainReserves(page: Page, id: string) {
  const n = net(id);
  const pools = n.pools.filter((p) => p.address);
  expect(pools.length).toBeGreaterThan(0);
  for (const pool of pools.slice(0, 4)) {
    const [a, b] = await chainReserves(id, pool);
    await expect(row(page, pool).getByTestId('reserve-a')).toHaveText(
      `${display(a, n.tokens[pool.symbolA]!.decimals)} ${pool.symbolA}`,
    );
    await expect(row(page, pool).getByTestId('reserve-b')).toHaveText(
      `${display(b, n.tokens[pool.symbolB]!.decimals)} ${pool.symbolB}`,
    );
  }
}

const usd = (v: number | null) =>
  v === null
    ? 'n/a'
    : new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 2,
      }).format(v);

for (const id of ['TRON', 'BSC']) {
  test(`${id} pools show the chain's reserves and the API's figures`, async ({ page, request }) => {
    await page.goto(`/pools?n=${id}`);
    await expect(page.getByTestId('pool-item')).toHaveCount(net(id).pools.length);
    await expectChainReserves(page, id);

    const info = (await (await request.get(`${net(id).api.url}/v1/info`)).json()) as {
      networks: Record<
        string,
        { pairs: { address: string; liquidityUsd: number | null; volume24HUsd: number | null }[] }
      >;
    };
    const first = net(id).pools[0]!;
    const figures = info.networks[id]!.pairs.find(
      (p) => p.address.toLowerCase() === first.address.toLowerCase(),
    )!;
    expect(figures.liquidityUsd).not.toBeNull();
    await expect(row(page, first).getByTestId('api-0')).toHaveText(usd(figures.liquidityUsd));
    await expect(row(page, first).getByTestId('api-1')).toHaveText(usd(figures.volume24HUsd));
    await expect(page.getByTestId('api-unavailable')).toHaveCount(0);
    await expect(row(page, first).getByRole('link', { name: 'Add liquidity' })).toHaveAttribute(
      'href',
      `/?n=${id}&t=addLiquidity&from=${first.symbolA}&to=${first.symbolB}`,
    );
  });
}

test('POLY, BTTC and ETH pools show their chain reserves; only POLY has chart links', async ({
  page,
}) => {
  for (const id of ['POLY', 'BTTC', 'ETH']) {
    await page.goto(`/pools?n=${id}`);
    await expect(page.getByTestId('pool-item')).toHaveCount(net(id).pools.length);
    await expectChainReserves(page, id);
    await expect(page.getByRole('link', { name: 'Chart', exact: true })).toHaveCount(
      id === 'POLY' ? net(id).pools.length : 0,
    );
  }
});

test('with the API unreachable the reserves still show and the API columns say so', async ({
  page,
}) => {
  // The browser sees what a stopped API gives: the connection fails.
  await page.route('**/v1/info', (route) => route.abort('connectionrefused'));
  await page.goto('/pools?n=BSC');
  await expectChainReserves(page, 'BSC');
  await expect(page.getByTestId('api-unavailable')).toBeVisible();
  await expect(row(page, net('BSC').pools[0]!).getByTestId('api-0')).toHaveText('unavailable');
});

test('the chain unreachable: a message with Retry, and Retry recovers', async ({ page }) => {
  const node = net('BSC').nodeUrl;
  let down = true;
  await page.route(`${node}/**`, (route) =>
    down ? route.abort('connectionrefused') : route.continue(),
  );
  await page.route(node, (route) => (down ? route.abort('connectionrefused') : route.continue()));
  await page.goto('/pools?n=BSC');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not read the pool balances');
  await expect(page.locator('.jm-loading')).toHaveCount(0);
  down = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectChainReserves(page, 'BSC');
});

test('sorting and filtering by symbol, and by a token address pasted from an explorer', async ({
  page,
}) => {
  await page.goto('/pools?n=TRON');
  const items = page.getByTestId('pool-item');
  await expect(items.first()).toBeVisible();
  const all = await items.count();
  // Wait for the list the sort and the filter give, not the first read (an empty or unsorted
  // list would pass that).
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('name');
  await expect(async () => {
    const names = await items.allTextContents();
    expect(names).toHaveLength(all);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  }).toPass();
  await page.getByRole('searchbox', { name: 'Filter by symbol or address' }).fill('usdt');
  await expect(async () => {
    const names = await items.allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThan(all);
    for (const name of names) expect(name).toContain('USDT');
  }).toPass();
  const usdtPools = await items.allTextContents();
  // JM's contract, as TronScan shows it: the JM pools, and no "No pool matches".
  const jm = localNetworks().TRON!.tokens.JM!.address;
  await page.getByRole('searchbox', { name: 'Filter by symbol or address' }).fill(jm);
  await expect(async () => {
    const names = await items.allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toEqual(usdtPools);
    for (const name of names) expect(name).toMatch(/(^|\/)JM(\/|$)/);
  }).toPass();
  await expect(page.getByText(/^No pool matches/)).toHaveCount(0);
});

test('fits a 375 px phone: rows become cards, nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/pools?n=TRON');
  await expect(page.getByTestId('reserve-a').first()).not.toHaveText('…');
  await expect(page.locator('.jm-pools thead')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // A card's Chart and Add liquidity are a thumb's targets, side by side.
  const card = page.getByTestId('pool-row').first();
  const chart = (await card.getByRole('link', { name: 'Chart' }).boundingBox())!;
  const add = (await card.getByRole('link', { name: 'Add liquidity' }).boundingBox())!;
  expect(chart.height).toBeGreaterThanOrEqual(44);
  expect(add.height).toBeGreaterThanOrEqual(44);
  expect(add.x).toBeGreaterThanOrEqual(chart.x + chart.width);
  expect(await thumbMisses(card)).toEqual([]);
});
