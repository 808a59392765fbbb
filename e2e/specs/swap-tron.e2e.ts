import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, type TronAccount } from '../fixtures/test';
import { setResources, setTrxBalance, tronLinkSignatures, withTronLink } from '../fixtures/tron';
import { localNetworks } from '../fixtures/chain';
import { expectLanded, expectNothingMoved, ledger } from '../fixtures/landed';
import { pickToken } from '../fixtures/picker';
import { closeSendPopup } from '../fixtures/send-popup';
import { expectWalletBack } from '../fixtures/connect';
import { freshTronAccount } from '../fixtures/accounts';

const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const sellField = (page: Page) => page.getByRole('textbox', { name: 'Tokens to swap' });
const receiveField = (page: Page) => page.getByRole('textbox', { name: 'Estimate' });
const PLENTY_OF_ENERGY = 50_000_000;

async function openWithTronLink(
  page: Page,
  account: TronAccount,
  extra: { rejectSigning?: boolean } = {},
) {
  await withTronLink(page, account, extra);
  await page.goto('/?n=TRON');
  await connectTronLink(page);
}

/** Connects TronLink from the header, as a user does on a first visit. */
async function connectTronLink(page: Page) {
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  // On the local profile the chooser also offers the dev wallet; TronLink is the real path.
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: 'TronLink' })
    .click();
  await expect(page.getByTestId('wallet-session')).toContainText('Welcome TronLink');
}

async function quoted(page: Page): Promise<{ amountIn: bigint; amountOut: bigint }> {
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  return {
    amountIn: BigInt((await swapBox(page).getAttribute('data-quote-in')) as string),
    amountOut: BigInt((await swapBox(page).getAttribute('data-quote-out')) as string),
  };
}

async function swap(page: Page) {
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup).toBeVisible({ timeout: 30000 });
  return popup;
}

/** The hashes of the wallet's trades the api serves (My trades). */
async function accountTradeHashes(owner: string): Promise<string[]> {
  const { api } = localNetworks().TRON as unknown as { api: { url: string } };
  const trades = (await (
    await fetch(`${api.url}/v1/history/tron/account/${owner}/trades`)
  ).json()) as Array<{ hash: string }> | unknown;
  return Array.isArray(trades) ? trades.map((t: { hash: string }) => t.hash) : [];
}

const ROUTER = () =>
  (localNetworks().TRON as unknown as { exchange: { ROUTER_ADDRESS: string } }).exchange
    .ROUTER_ADDRESS;

test('TRON: buy JM (3% tax) with TronLink and receive exactly the estimate, then sell it back', async ({
  page,
  tronAccount,
}) => {
  const owner = tronAccount.address;
  // Enough staked energy: only bandwidth may be burned, and the helper counts it.
  await setResources(owner, PLENTY_OF_ENERGY);
  await openWithTronLink(page, tronAccount);

  let before = await ledger('TRON', owner, ['TRX', 'JM']);
  await sellField(page).fill('100');
  const buy = await quoted(page);
  await expect(page.getByText('JM tax')).toBeVisible();
  // The details with the tax's line are a list of terms a screen reader can walk.
  const { violations } = await new AxeBuilder({ page })
    .include('[data-remote="swap"] dl')
    .disableRules(['color-contrast'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  const popup = await swap(page);
  const link = popup.getByRole('link');
  await expect(link).toHaveAttribute(
    'href',
    /^https:\/\/tronscan\.org\/#\/transaction\/[0-9a-f]{64}$/,
  );
  // Offered to TronLink by its address; TronLink's answer shows in the popup.
  await popup.getByRole('button', { name: 'Add JM to TronLink' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'JM added to TronLink' })).toBeVisible();
  const watched = await page.evaluate(() =>
    JSON.stringify(
      (window as unknown as { __tronLinkMock: { calls: unknown[] } }).__tronLinkMock.calls,
    ),
  );
  expect(watched).toContain('wallet_watchAsset');
  expect(watched).toContain(localNetworks().TRON!.tokens.JM!.address);
  const landed = await expectLanded(before, {
    txs: 1,
    debit: { TRX: buy.amountIn },
    credit: { JM: buy.amountOut },
  });
  expect((await link.getAttribute('href'))?.split('/').pop()).toBe(landed.txs[0]!.hash);
  await closeSendPopup(page);
  await expect(sellField(page)).toHaveValue('');

  await swapBox(page).getByRole('button', { name: 'Switch direction' }).click();
  before = await ledger('TRON', owner, ['TRX', 'JM']);
  await sellField(page).fill('5000');
  const sell = await quoted(page);
  const sale = await swap(page); // approval of JM first, then the swap
  const saleLink = (await sale.getByTestId('txid').getAttribute('href')) as string;
  await expectLanded(before, {
    txs: 2,
    debit: { JM: sell.amountIn },
    credit: { TRX: sell.amountOut },
    allowance: [{ token: 'JM', spender: ROUTER(), amount: 2n ** 256n - 1n }],
  });

  // My trades has both, the sale too: the router pays out the TRX, but the wallet traded.
  await expect
    .poll(() => accountTradeHashes(owner), { timeout: 30000, message: 'the api has the sale' })
    .toContain(saleLink.split('/').pop());
  await page.goto('/charts?n=TRON');
  await expectWalletBack(page, 'TronLink');
  const myTrades = page.getByRole('region', { name: 'My trades' });
  await expect(myTrades.getByRole('row')).toHaveCount(3); // the header, the buy and the sale
  await expect(
    myTrades.getByRole('row').filter({ has: page.locator(`a[href="${saleLink}"]`) }),
  ).toContainText(/5,000\.000000 JM\s*[\d,]+\.\d{6} TRX/);
});

test('TRON: an account switched in TronLink after the approval is signed: the swap is not asked of the other account, and nothing of it moves', async ({
  page,
  tronAccount,
}) => {
  const other = await freshTronAccount();
  await setResources(tronAccount.address, PLENTY_OF_ENERGY);
  await setResources(other.address, PLENTY_OF_ENERGY);
  await setTrxBalance(other.address, 777_000_000n); // told apart in the header by its balance
  await withTronLink(page, tronAccount);
  await page.goto('/?n=TRON&from=USDT&to=TRX');
  await connectTronLink(page);
  // The user picks the other account in TronLink right after signing the approval.
  await page.evaluate((key) => {
    const tronLink = window as unknown as {
      tronWeb: { trx: { sign(...a: unknown[]): Promise<unknown> } };
      __tronLinkMock: { switchAccount(key: string): string };
    };
    const { trx } = tronLink.tronWeb;
    const sign = trx.sign.bind(trx);
    let signed = false;
    trx.sign = async (...args: unknown[]) => {
      const answer = await sign(...args);
      if (!signed) setTimeout(() => tronLink.__tronLinkMock.switchAccount(key), 0);
      signed = true;
      return answer;
    };
  }, other.key);
  const mine = await ledger('TRON', tronAccount.address, ['TRX', 'USDT']);
  const others = await ledger('TRON', other.address, ['TRX', 'USDT']);
  await sellField(page).fill('5');
  await quoted(page);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(
    page.getByText(
      'Your wallet switched to another account, so nothing more was sent. Check the amounts and try again.',
    ),
  ).toBeVisible({ timeout: 20000 });
  await expectLanded(mine, {
    txs: 1,
    allowance: [{ token: 'USDT', spender: ROUTER(), amount: 2n ** 256n - 1n }],
  });
  await expectNothingMoved(others);
  expect(await tronLinkSignatures(page)).toBe(1);
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toHaveCount(0);
  // The header follows TronLink to the other account.
  await expect(page.getByTestId('wallet-session')).toContainText('777.000000 TRX');
});

test('TRON: an exact-out swap delivers exactly the typed amount', async ({ page, tronAccount }) => {
  const owner = tronAccount.address;
  await setResources(owner, PLENTY_OF_ENERGY);
  await openWithTronLink(page, tronAccount);
  await pickToken(page, swapBox(page), 'Receive token', 'USDT');
  const before = await ledger('TRON', owner, ['TRX', 'USDT']);
  await receiveField(page).fill('12.5');
  const { amountIn, amountOut } = await quoted(page);
  expect(amountOut).toBe(12_500_000n);
  await expect(page.getByText('Maximum sold')).toBeVisible();
  await swap(page);
  await expectLanded(before, { txs: 1, debit: { TRX: amountIn }, credit: { USDT: 12_500_000n } });
});

test('TRON energy rule, variant 2: no free energy and less TRX than the fee reserve of the route', async ({
  page,
  tronAccount,
}) => {
  const owner = tronAccount.address;
  await setResources(owner, 0);
  await setTrxBalance(owner, 10_000_000n); // 10 TRX, below the 47 TRX reserve of a direct swap
  await openWithTronLink(page, tronAccount);
  await swapBox(page).getByRole('button', { name: 'Switch direction' }).click(); // JM -> TRX
  const before = await ledger('TRON', owner, ['TRX', 'JM']);
  await sellField(page).fill('1000');
  await quoted(page);
  // The reserve depends on the route: 47 TRX direct, 65 TRX through 3 tokens (the seeded
  // history moves the JM/TRX price, so the best route may go through USDT).
  const hops = ((await page.getByTestId('path').textContent()) ?? '').split('→').length;
  const reserve = hops > 2 ? 65 : 47;
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(
    page.getByText(`You should have free energy or at least ${reserve} TRX for the fees.`),
  ).toBeVisible();
  // the link to buy energy is inside that message, one toast
  await expect(page.getByRole('link', { name: 'Buy energy at a discount' })).toBeVisible();
  await expectNothingMoved(before);
});

test('TRON energy rule, variant 1: selling TRX would leave less than the fee reserve', async ({
  page,
  tronAccount,
}) => {
  const owner = tronAccount.address;
  await setResources(owner, 0);
  await setTrxBalance(owner, 100_000_000n); // 100 TRX
  await openWithTronLink(page, tronAccount);
  const before = await ledger('TRON', owner, ['TRX', 'JM']);
  await sellField(page).fill('80');
  await quoted(page);
  // The reserve depends on the route the estimate chose: 47 TRX direct, 65 TRX through 3 tokens.
  const hops = ((await page.getByTestId('path').textContent()) ?? '').split('→').length;
  const reserve = hops > 2 ? 65 : 47;
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(
    page.getByText(
      `You don't have enough energy or TRX for the transaction. Try to leave at least ${reserve} TRX for the fees.`,
    ),
  ).toBeVisible();
  await expectNothingMoved(before);
  expect(before.balances.TRX).toBe(100_000_000n);
});

test('TRON: a signature declined in TronLink moves nothing and says so', async ({
  page,
  tronAccount,
}) => {
  const owner = tronAccount.address;
  await setResources(owner, PLENTY_OF_ENERGY);
  await openWithTronLink(page, tronAccount, { rejectSigning: true });
  const before = await ledger('TRON', owner, ['TRX', 'JM']);
  await sellField(page).fill('10');
  await quoted(page);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(
    page.getByText('You rejected the request in your wallet. Nothing was sent.'),
  ).toBeVisible();
  await expectNothingMoved(before);
});
