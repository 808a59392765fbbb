import { expect, test, type Page } from '@playwright/test';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import {
  devAccount,
  evmBalance,
  evmRpcUrls,
  gasCost,
  isBase,
  localNetworks,
} from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';

const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const sellField = (page: Page) => page.getByRole('textbox', { name: 'Tokens to swap' });
const receiveField = (page: Page) => page.getByRole('textbox', { name: 'Estimate' });
const walletSent = (page: Page) =>
  page.evaluate(() => (window as unknown as { __wallet: { sent(): string[] } }).__wallet.sent());

async function openWithWallet(page: Page, network: string, account: string, walletChain?: number) {
  const net = localNetworks()[network]!;
  await injectEvmWallet(page, {
    account,
    chainId: walletChain ?? net.chainId,
    rpcUrls: evmRpcUrls(),
  });
  await page.goto(`/?n=${network}`);
  await connectFromHeader(page, 'MetaMask');
}

async function quoted(page: Page): Promise<{ amountIn: bigint; amountOut: bigint }> {
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  return {
    amountIn: BigInt((await swapBox(page).getAttribute('data-quote-in')) as string),
    amountOut: BigInt((await swapBox(page).getAttribute('data-quote-out')) as string),
  };
}

async function swapAndWaitForPopup(page: Page) {
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toBeVisible({ timeout: 30000 });
  return popup;
}

const NETWORKS = [
  { id: 'BSC', account: 1, amount: '0.5' },
  { id: 'POLY', account: 1, amount: '25' },
  { id: 'BTTC', account: 1, amount: '3' },
  { id: 'ETH', account: 1, amount: '0.2' },
];

for (const { id, account, amount } of NETWORKS) {
  test(`${id}: connect, swap the default pair, and receive exactly the estimate shown`, async ({
    page,
  }) => {
    const owner = devAccount(account);
    const net = localNetworks()[id]!;
    await openWithWallet(page, id, owner);
    const [from, to] = [
      await swapBox(page)
        .getByRole('button', { name: /^Sell token: / })
        .textContent(),
      await swapBox(page)
        .getByRole('button', { name: /^Receive token: / })
        .textContent(),
    ];
    const toSymbol = (to ?? '').trim().replace(/⇄$/, '').trim();
    const before = await evmBalance(id, toSymbol, owner);
    await sellField(page).fill(amount);
    const { amountOut } = await quoted(page);
    await expect(receiveField(page)).not.toHaveValue('');
    const popup = await swapAndWaitForPopup(page);
    const href = (await popup.getByTestId('txid').getAttribute('href')) as string;
    expect(href.startsWith(net.scan)).toBe(true);
    const hashes = await page.evaluate(() =>
      (window as unknown as { __wallet: { txHashes(): string[] } }).__wallet.txHashes(),
    );
    expect(hashes).toContain(href.slice(net.scan.length));
    // When the base coin is received, the wallet also paid the gas (approval and swap) in it.
    let gas = 0n;
    if (isBase(id, toSymbol)) for (const hash of hashes) gas += await gasCost(id, hash);
    const after = await evmBalance(id, toSymbol, owner);
    expect(after - before + gas).toBe(amountOut);
    expect(from).toBeTruthy();
  });
}

test('BSC: an exact-out swap (typed in the receive field) delivers exactly that amount', async ({
  page,
}) => {
  const owner = devAccount(2);
  await openWithWallet(page, 'BSC', owner);
  const before = await evmBalance('BSC', 'USDT', owner);
  await receiveField(page).fill('123.45');
  const { amountOut } = await quoted(page);
  expect(amountOut).toBe(123_450_000_000_000_000_000n);
  await expect(page.getByText('Maximum sold')).toBeVisible();
  await swapAndWaitForPopup(page);
  expect((await evmBalance('BSC', 'USDT', owner)) - before).toBe(amountOut);
});

test('POLY: the first swap of a token asks for approval, the second does not', async ({ page }) => {
  const owner = devAccount(3);
  await openWithWallet(page, 'POLY', owner);
  const sends = async () =>
    (await walletSent(page)).filter((m) => m === 'eth_sendTransaction').length;
  await sellField(page).fill('10');
  await quoted(page);
  await swapAndWaitForPopup(page);
  expect(await sends()).toBe(2); // approve + swap
  await page.getByRole('button', { name: 'CLOSE' }).click();
  await sellField(page).fill('11');
  await quoted(page);
  await swapAndWaitForPopup(page);
  expect(await sends()).toBe(3); // swap only
});

test('BSC: O1T (7% tax) buy delivers exactly the taxed estimate', async ({ page }) => {
  const owner = devAccount(4);
  await openWithWallet(page, 'BSC', owner);
  await swapBox(page)
    .getByRole('button', { name: /^Receive token: / })
    .click();
  await page
    .getByRole('listbox', { name: 'Receive token' })
    .getByRole('button', { name: /^O1T/ })
    .click();
  await expect(page.getByText('O1T tax')).toBeHidden();
  const before = await evmBalance('BSC', 'O1T', owner);
  await sellField(page).fill('0.3');
  const { amountOut } = await quoted(page);
  await expect(page.getByText('O1T tax')).toBeVisible();
  await swapAndWaitForPopup(page);
  expect((await evmBalance('BSC', 'O1T', owner)) - before).toBe(amountOut);
});

test('an amount larger than the pool shows a disabled INSUFFICIENT LIQUIDITY button', async ({
  page,
}) => {
  await openWithWallet(page, 'ETH', devAccount(5));
  await receiveField(page).fill('100000000000');
  await expect(
    swapBox(page).getByRole('button', { name: 'INSUFFICIENT LIQUIDITY' }),
  ).toBeDisabled();
});

test('bad amounts reset or are refused without a crash', async ({ page }) => {
  await openWithWallet(page, 'ETH', devAccount(5));
  for (const text of ['.', '1.2.3', '-1', 'abc', '1e999']) {
    await sellField(page).fill(text);
    await expect(receiveField(page)).toHaveValue('');
    await expect(swapBox(page)).toBeVisible();
  }
  // 40 digits: a valid number far above the balance, refused before anything is sent.
  await sellField(page).fill('1234567890123456789012345678901234567890');
  await quoted(page);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(page.getByText('Insufficient balance', { exact: true })).toBeVisible();
  expect(await walletSent(page)).not.toContain('eth_sendTransaction');
});

test('a swap rejected in the wallet (4001) moves nothing and says so', async ({ page }) => {
  const owner = devAccount(6);
  await openWithWallet(page, 'ETH', owner);
  const before = await evmBalance('ETH', 'USDT', owner);
  await sellField(page).fill('0.1');
  await quoted(page);
  await page.evaluate(() =>
    (window as unknown as { __wallet: { declineNext(m: string): void } }).__wallet.declineNext(
      'eth_sendTransaction',
    ),
  );
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(
    page.getByText('You rejected the request in your wallet. Nothing was sent.'),
  ).toBeVisible();
  expect(await evmBalance('ETH', 'USDT', owner)).toBe(before);
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toHaveCount(0);
});

test('a wallet on the wrong chain is asked to switch, and nothing is sent until it does', async ({
  page,
}) => {
  const owner = devAccount(7);
  const eth = localNetworks().ETH!;
  await openWithWallet(page, 'BSC', owner);
  // The user moves the wallet to another chain and will refuse to switch back.
  await page.evaluate((chainId) => {
    const w = (
      window as unknown as {
        __wallet: { refuseSwitch(r: boolean): void; setChain(c: number): void };
      }
    ).__wallet;
    w.refuseSwitch(true);
    w.setChain(chainId);
  }, eth.chainId);
  await sellField(page).fill('0.1');
  await quoted(page);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(page.getByText(/Your wallet is on another network/)).toBeVisible();
  expect(await walletSent(page)).toContain('wallet_switchEthereumChain');
  expect(await walletSent(page)).not.toContain('eth_sendTransaction');

  await page.evaluate(() =>
    (window as unknown as { __wallet: { refuseSwitch(r: boolean): void } }).__wallet.refuseSwitch(
      false,
    ),
  );
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeVisible({
    timeout: 30000,
  });
  expect(
    await page.evaluate(() =>
      (window as unknown as { __wallet: { chainId(): number } }).__wallet.chainId(),
    ),
  ).toBe(localNetworks().BSC!.chainId);
});
