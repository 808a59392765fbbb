import type { Frame, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { expectLanded, expectNothingMoved, ledger } from '../fixtures/landed';
import { EVIL_PORT, HOST_PORT, PORTS, SHELL, SHELL_PORT } from '../fixtures/stack';

const widgetFrame = (page: Page): Frame => {
  const frame = page
    .frames()
    .find((f) => f.url().startsWith(`http://localhost:${SHELL_PORT}/widget`));
  if (!frame) throw new Error('widget frame not found');
  return frame;
};
const received = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { received: { type: string }[] }).received.map((m) => m.type),
  );

test('the widget loads only the swap remote and renders only after JMSetOptions from its host', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`http://localhost:${HOST_PORT}/host.html`);
  await expect.poll(() => received(page)).toContain('JMSwapLoading');

  const frame = widgetFrame(page);
  await expect(frame.locator('#root')).toHaveAttribute('data-widget-state', 'waiting');
  await expect(frame.locator('[data-remote="swap"]')).toHaveCount(0);

  // a frame from another origin tries to configure the widget: ignored. The widget's own
  // listener runs before one the test adds now: once the test's has the message, the widget has
  // handled it.
  type Delivered = { delivered: Promise<string> };
  await frame.evaluate(() => {
    (window as unknown as Delivered).delivered = new Promise((resolve) =>
      addEventListener('message', (e) => resolve(e.origin), { once: true }),
    );
  });
  const evil = page.frames().find((f) => f.url().startsWith(`http://localhost:${EVIL_PORT}/`));
  await evil!.evaluate(() =>
    (window as unknown as { attack: (o: object) => void }).attack({ network: 'ETH' }),
  );
  expect(await frame.evaluate(() => (window as unknown as Delivered).delivered)).toBe(
    `http://localhost:${EVIL_PORT}`,
  );
  await expect(frame.locator('#root')).toHaveAttribute('data-widget-state', 'waiting');

  await page.evaluate(() =>
    (window as unknown as { sendOptions: (o: object) => void }).sendOptions({ network: 'BSC' }),
  );
  await expect(frame.locator('[data-remote="swap"]')).toContainText('TOKEN SWAP');
  await expect(frame.getByRole('button', { name: 'Sell token: BNB' })).toBeVisible();

  const otherRemotes = Object.entries(PORTS)
    .filter(([k]) => k !== 'swap')
    .map(([, p]) => `:${p}/`);
  expect(requests.filter((u) => otherRemotes.some((p) => u.includes(p)))).toEqual([]);
  expect(requests.some((u) => u.includes(`:${PORTS.swap}/`))).toBe(true);
});

test('a host page that is not allowed cannot frame the widget, which posts nothing', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors/.test(m.text())) refused.push(m.text());
  });
  await page.goto(`http://localhost:${EVIL_PORT}/host.html`);
  const frame = await page.locator('iframe#widget').contentFrame();
  // The browser refused the frame (widget.json does not list this host): nothing can answer.
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  await page.evaluate(() =>
    (window as unknown as { sendOptions: (o: object) => void }).sendOptions({ network: 'BSC' }),
  );
  expect(await received(page)).toEqual([]);
  await expect(frame.locator('#root')).toHaveCount(0);
  await expect(frame.locator('[data-remote="swap"]')).toHaveCount(0);
});

test('the widget page has a transparent background', async ({ page }) => {
  await page.goto(`http://localhost:${HOST_PORT}/host.html`);
  await expect.poll(() => received(page)).toContain('JMSwapLoading');
  const bg = await widgetFrame(page).evaluate(
    () => getComputedStyle(document.body).backgroundColor,
  );
  expect(bg).toBe('rgba(0, 0, 0, 0)');
});

// A partner page on the seed's protocol, without the SDK: its replies name no chainId.
const rawHost = (page: Page, options: object, chain?: 'wallet') =>
  page.goto(
    `http://localhost:${HOST_PORT}/raw.html?${chain ? `chain=${chain}&` : ''}o=${encodeURIComponent(JSON.stringify(options))}`,
  );
const hostCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { calls: string[] }).calls);

async function quoteOnRawHost(page: Page, amount: string) {
  const box = page.frameLocator('#widget').locator('[data-remote="swap"]');
  await box.getByRole('button', { name: 'CONNECT WALLET' }).click();
  await expect(box.getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  await box.getByRole('textbox', { name: 'Tokens to swap' }).fill(amount);
  await expect(box).toHaveAttribute('data-quote-out', /\d+/);
  return box;
}

test('a host that names no chain: the 320 px confirm step names the network, the widget asks the host its chain, and the swap lands', async ({
  page,
  evmAccount: owner,
}) => {
  await page.setViewportSize({ width: 320, height: 900 });
  const bsc = localNetworks().BSC!;
  await injectEvmWallet(page, { account: owner, chainId: bsc.chainId, rpcUrls: evmRpcUrls() });
  await rawHost(page, { network: 'BSC', fromToken: 'BNB', toToken: 'USDT' });
  const box = await quoteOnRawHost(page, '0.5');
  await expect(box.getByTestId('widget-network')).toHaveText('Network: BNB Smart Chain');
  const frame = page.frames().find((f) => f.url().startsWith(`${SHELL}/widget`))!;
  expect(
    await frame.evaluate(() => document.documentElement.scrollWidth - innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('widget-raw-host-320.png') });
  const before = await ledger('BSC', owner, ['BNB', 'USDT']);
  const amountOut = BigInt((await box.getAttribute('data-quote-out')) as string);

  await box.getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(
    page.frameLocator('#widget').getByRole('dialog', { name: 'FUNDS ON THE WAY' }),
  ).toBeVisible({ timeout: 30000 });

  expect(await hostCalls(page)).toEqual(['connect', 'update', 'execute']);
  const [hash] = await page.evaluate(() =>
    (window as unknown as { __wallet: { txHashes(): string[] } }).__wallet.txHashes(),
  );
  // 0.5 BNB and the gas left, exactly the estimate arrived, through the host's wallet.
  const landed = await expectLanded(before, {
    txs: 1,
    debit: { BNB: 500_000_000_000_000_000n },
    credit: { USDT: amountOut },
  });
  expect(landed.txs[0]!.hash).toBe(hash);
});

test('a host whose wallet answers another chain is refused: the widget says so and nothing is sent', async ({
  page,
  evmAccount: owner,
}) => {
  const { BSC: bsc, ETH: eth } = localNetworks();
  expect(eth!.chainId).not.toBe(bsc!.chainId);
  // The partner's wallet sits on the local Ethereum chain while the widget swaps on BSC.
  await injectEvmWallet(page, { account: owner, chainId: eth!.chainId, rpcUrls: evmRpcUrls() });
  await rawHost(page, { network: 'BSC', fromToken: 'BNB', toToken: 'USDT' }, 'wallet');
  const box = await quoteOnRawHost(page, '0.5');
  const before = await ledger('BSC', owner, ['BNB', 'USDT']);

  await box.getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(
    page
      .frameLocator('#widget')
      .getByText('Your wallet is on another network. Switch it to BNB Smart Chain to continue.'),
  ).toBeVisible();
  expect(await hostCalls(page)).toEqual(['connect', 'update']);
  const walletCalls = await page.evaluate(() =>
    (window as unknown as { __wallet: { sent(): string[] } }).__wallet.sent(),
  );
  expect(walletCalls).not.toContain('eth_sendTransaction');
  await expectNothingMoved(before);
});
