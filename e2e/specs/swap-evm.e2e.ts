import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import {
  addEvmAccount,
  injectEvmWallet,
  injectMetaMaskAndRabby,
  METAMASK_LOGO,
  RABBY_LOGO,
} from '../fixtures/evm-wallet';
import { freshEvmAccount } from '../fixtures/accounts';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { connectFromHeader } from '../fixtures/connect';
import { expectLanded, expectNothingMoved, ledger } from '../fixtures/landed';
import { pickToken } from '../fixtures/picker';
import { closeSendPopup } from '../fixtures/send-popup';

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

/** From the page's first script on, notes whether it ever showed "Network unreachable". */
const watchForUnreachable = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __saidUnreachable?: boolean };
    w.__saidUnreachable = false; // undefined later: the watcher never ran
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Network unreachable')) w.__saidUnreachable = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
const saidUnreachable = (page: Page) =>
  page.evaluate(() => (window as unknown as { __saidUnreachable?: boolean }).__saidUnreachable);

const NETWORKS = [
  { id: 'BSC', amount: '0.5' },
  { id: 'POLY', amount: '25' },
  { id: 'BTTC', amount: '3' },
  { id: 'ETH', amount: '0.2' },
];
/** The symbol a token button shows ("USDT ⇄" -> "USDT"). */
const symbolOf = async (page: Page, side: 'Sell' | 'Receive') =>
  (
    (await swapBox(page)
      .getByRole('button', { name: new RegExp(`^${side} token: `) })
      .textContent()) ?? ''
  )
    .trim()
    .replace(/⇄$/, '')
    .trim();

for (const { id, amount } of NETWORKS) {
  test(`${id}: connect, swap the default pair, and receive exactly the estimate shown`, async ({
    page,
    evmAccount: owner,
  }) => {
    const net = localNetworks()[id]!;
    await openWithWallet(page, id, owner);
    const [from, to] = [await symbolOf(page, 'Sell'), await symbolOf(page, 'Receive')];
    expect(net.tokens[from], `${from} is a token of ${id}`).toBeDefined();
    expect(net.tokens[to], `${to} is a token of ${id}`).toBeDefined();
    const before = await ledger(id, owner, [from, to]);
    await sellField(page).fill(amount);
    const { amountIn, amountOut } = await quoted(page);
    await expect(receiveField(page)).not.toHaveValue('');
    const popup = await swapAndWaitForPopup(page);
    // What left is the quoted input (plus the gas of the approval and the swap), what arrived
    // exactly the quoted output.
    const landed = await expectLanded(before, {
      debit: { [from]: amountIn },
      credit: { [to]: amountOut },
    });
    const href = (await popup.getByTestId('txid').getAttribute('href')) as string;
    expect(href.startsWith(net.scan)).toBe(true);
    expect(landed.txs.map((t) => t.hash)).toContain(href.slice(net.scan.length));
  });
}

test('BSC: an exact-out swap (typed in the receive field) delivers exactly that amount, and the popup adds USDT to MetaMask', async ({
  page,
  evmAccount: owner,
}) => {
  await openWithWallet(page, 'BSC', owner);
  const before = await ledger('BSC', owner, ['BNB', 'USDT']);
  await receiveField(page).fill('123.45');
  const { amountIn, amountOut } = await quoted(page);
  expect(amountOut).toBe(123_450_000_000_000_000_000n);
  await expect(page.getByText('Maximum sold')).toBeVisible();
  const popup = await swapAndWaitForPopup(page);
  // BNB in: no approval, so one transaction, and the BNB sent is the quoted maximum's estimate.
  await expectLanded(before, { txs: 1, debit: { BNB: amountIn }, credit: { USDT: amountOut } });

  // The token that arrived, offered to the wallet by its address (EIP-747), with its logo.
  await popup.getByRole('button', { name: 'Add USDT to MetaMask' }).click();
  await expect(
    popup.getByRole('status').filter({ hasText: 'USDT added to MetaMask' }),
  ).toBeVisible();
  const usdt = localNetworks().BSC!.tokens.USDT!;
  const asked = await page.evaluate(() =>
    (window as unknown as { __wallet: { paramsOf(m: string): unknown[] } }).__wallet.paramsOf(
      'wallet_watchAsset',
    ),
  );
  expect(asked).toEqual([
    {
      type: 'ERC20',
      options: {
        address: usdt.address,
        symbol: 'USDT',
        decimals: 18,
        image: expect.stringMatching(/^http:\/\/localhost:\d+\/assets\/currency\/usdt\.svg$/),
      },
    },
  ]);
});

test('BSC: with the wallet\'s balance unreadable, SWAP says so (not "Insufficient balance") and swaps once the node answers', async ({
  page,
  evmAccount: owner,
}) => {
  // A node that fails balance reads only: the quote (reserves) still comes, as on a public RPC
  // that rate-limits one method.
  const net = localNetworks().BSC!;
  const node = new URL(net.nodeUrl).origin;
  let failing = true;
  let refused = 0;
  await page.route(
    (url) => url.origin === node,
    async (route) => {
      const body = route.request().postData() ?? '';
      if (!failing || !body.includes('eth_getBalance')) return route.continue();
      refused += 1;
      const { id } = JSON.parse(body) as { id: number };
      const error = { code: -32005, message: 'rate limited' };
      await route.fulfill({ json: { jsonrpc: '2.0', id, error } });
    },
  );
  await watchForUnreachable(page);
  await openWithWallet(page, 'BSC', owner);
  const before = await ledger('BSC', owner, ['BNB', 'USDT']);
  await sellField(page).fill('0.1');
  const { amountIn, amountOut } = await quoted(page);
  await expect(swapBox(page).getByTestId('balance-Tokens to swap')).toHaveText('-');
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(
    page.getByText('Your balance could not be read. Check your connection, then try again.'),
  ).toBeVisible();
  await expect(page.getByText(/^Insufficient balance/)).toHaveCount(0);
  expect(await walletSent(page)).not.toContain('eth_sendTransaction');
  // The node refused every balance read but answered the pools: the box never said the network
  // was unreachable, and its prices stayed.
  expect(refused).toBeGreaterThan(0);
  await expect(receiveField(page)).not.toHaveValue('');
  expect(await saidUnreachable(page)).toBe(false);
  // The node answers again: the same press swaps.
  failing = false;
  await swapAndWaitForPopup(page);
  await expectLanded(before, { txs: 1, debit: { BNB: amountIn }, credit: { USDT: amountOut } });
  await expect(page.getByText(/^Insufficient balance/)).toHaveCount(0);
  await closeSendPopup(page);

  // Balances known to the page, then the node fails them again: the send's own check (after the
  // reader's 5 s cache) says the same, not "Insufficient balance", and nothing is sent.
  failing = true;
  await page.waitForTimeout(5_500);
  await sellField(page).fill('0.1');
  await quoted(page);
  const sent = (await walletSent(page)).length;
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(
    page.getByText('Your balance could not be read. Check your connection, then try again.'),
  ).toBeVisible();
  await expect(page.getByText(/^Insufficient balance/)).toHaveCount(0);
  expect((await walletSent(page)).slice(sent)).not.toContain('eth_sendTransaction');
});

test('POLY: the first swap of a token asks for approval, the second does not', async ({
  page,
  evmAccount: owner,
}) => {
  await openWithWallet(page, 'POLY', owner);
  const from = await symbolOf(page, 'Sell');
  const to = await symbolOf(page, 'Receive');
  const router = (localNetworks().POLY as unknown as { exchange: { ROUTER_ADDRESS: string } })
    .exchange.ROUTER_ADDRESS;
  const sends = async () =>
    (await walletSent(page)).filter((m) => m === 'eth_sendTransaction').length;
  let before = await ledger('POLY', owner, [from, to]);
  await sellField(page).fill('10');
  let quote = await quoted(page);
  await swapAndWaitForPopup(page);
  expect(await sends()).toBe(2); // approve + swap
  await expectLanded(before, {
    txs: 2,
    debit: { [from]: quote.amountIn },
    credit: { [to]: quote.amountOut },
    allowance: [{ token: from, spender: router, amount: 2n ** 256n - 1n }],
  });
  await closeSendPopup(page);
  before = await ledger('POLY', owner, [from, to]);
  await sellField(page).fill('11');
  quote = await quoted(page);
  await swapAndWaitForPopup(page);
  expect(await sends()).toBe(3); // swap only
  await expectLanded(before, {
    txs: 1,
    debit: { [from]: quote.amountIn },
    credit: { [to]: quote.amountOut },
  });
});

test('BSC: O1T (7% tax) buy delivers exactly the taxed estimate', async ({
  page,
  evmAccount: owner,
}) => {
  await openWithWallet(page, 'BSC', owner);
  await pickToken(page, swapBox(page), 'Receive token', 'O1T');
  await expect(page.getByText('O1T tax')).toBeHidden();
  const before = await ledger('BSC', owner, ['BNB', 'O1T']);
  await sellField(page).fill('0.3');
  const { amountIn, amountOut } = await quoted(page);
  await expect(page.getByText('O1T tax')).toBeVisible();
  await swapAndWaitForPopup(page);
  await expectLanded(before, { txs: 1, debit: { BNB: amountIn }, credit: { O1T: amountOut } });
});

test("BSC: on a device whose clock is 10 minutes behind, O1T's tax is measured and the buy lands (deadlines count from the chain's time)", async ({
  page,
  evmAccount: owner,
}) => {
  await page.clock.install({ time: Date.now() - 10 * 60_000 });
  await page.clock.resume();
  await openWithWallet(page, 'BSC', owner);
  await pickToken(page, swapBox(page), 'Receive token', 'O1T');
  const before = await ledger('BSC', owner, ['BNB', 'O1T']);
  await sellField(page).fill('0.3');
  const { amountIn, amountOut } = await quoted(page);
  await expect(page.getByText('O1T tax')).toBeVisible();
  await expect(swapBox(page).getByText(/^Simulated: 0\.3 BNB leaves your wallet/)).toBeVisible();
  await expect(swapBox(page).getByText(/deadline has passed/)).toBeHidden();
  await swapAndWaitForPopup(page);
  await expectLanded(before, { txs: 1, debit: { BNB: amountIn }, credit: { O1T: amountOut } });
});

test("the swap box's chart link and the pools page's Add liquidity move the page in place: the wallet stays connected", async ({
  page,
  evmAccount: owner,
}) => {
  await openWithWallet(page, 'BSC', owner);
  const session = page.getByTestId('wallet-session');
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await swapBox(page).getByRole('link', { name: 'BNB/USDT chart' }).click();
  await expect(page).toHaveURL(/\/charts\?n=BSC&symbolA=BNB&symbolB=USDT$/);
  const mine = page.getByRole('region', { name: 'My trades' });
  await expect(mine.getByText('No swap data available')).toBeVisible();
  await expect(session).toContainText('Welcome MetaMask');

  await page.locator('header').getByRole('link', { name: 'Pools' }).click();
  const row = page.locator('[data-remote="pools"] tr').filter({ hasText: 'BNB/BUSD' });
  await row.getByRole('link', { name: 'Add liquidity' }).click();
  const liquidity = page.locator('[data-remote="liquidity"]');
  await expect(liquidity.getByRole('button', { name: 'MAX' }).first()).toBeVisible();
  await expect(session).toContainText('Welcome MetaMask');
  // The same document all along: no page load ended the session and restored it.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
    true,
  );
});

test('an amount larger than the pool shows a disabled INSUFFICIENT LIQUIDITY button', async ({
  page,
  evmAccount,
}) => {
  await openWithWallet(page, 'ETH', evmAccount);
  await receiveField(page).fill('100000000000');
  await expect(
    swapBox(page).getByRole('button', { name: 'INSUFFICIENT LIQUIDITY' }),
  ).toBeDisabled();
});

test('bad amounts reset or are refused without a crash', async ({ page, evmAccount: owner }) => {
  await openWithWallet(page, 'ETH', owner);
  const before = await ledger('ETH', owner, ['ETH', 'USDT']);
  for (const text of ['.', '1.2.3', '-1', 'abc', '1e999']) {
    await sellField(page).fill(text);
    await expect(receiveField(page)).toHaveValue('');
    await expect(swapBox(page)).toBeVisible();
  }
  // 40 digits: a valid number far above the balance, refused before anything is sent.
  await sellField(page).fill('1234567890123456789012345678901234567890');
  await quoted(page);
  // Said in the box as the quote shows (no simulation run for it), then by SWAP's toast.
  await expect(swapBox(page).getByTestId('balance-short')).toHaveText('Insufficient balance');
  await expect(swapBox(page).getByTestId('simulated-result')).toHaveCount(0);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(page.getByText('Insufficient balance', { exact: true })).toHaveCount(2);
  expect(await walletSent(page)).not.toContain('eth_sendTransaction');
  await expectNothingMoved(before);
});

test('a swap rejected in the wallet (4001) moves nothing and says so', async ({
  page,
  evmAccount: owner,
}) => {
  await openWithWallet(page, 'ETH', owner);
  const before = await ledger('ETH', owner, ['ETH', 'USDT']);
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
  await expectNothingMoved(before);
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toHaveCount(0);
});

test('a wallet on the wrong chain is asked to switch, and nothing is sent until it does', async ({
  page,
  evmAccount: owner,
}) => {
  const eth = localNetworks().ETH!;
  await openWithWallet(page, 'BSC', owner);
  const before = await ledger('BSC', owner, ['BNB', 'USDT']);
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
  const { amountIn, amountOut } = await quoted(page);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(page.getByText(/Your wallet is on another network/)).toBeVisible();
  expect(await walletSent(page)).toContain('wallet_switchEthereumChain');
  expect(await walletSent(page)).not.toContain('eth_sendTransaction');
  await expectNothingMoved(before);

  await page.evaluate(() =>
    (window as unknown as { __wallet: { refuseSwitch(r: boolean): void } }).__wallet.refuseSwitch(
      false,
    ),
  );
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeVisible({
    timeout: 30000,
  });
  await expectLanded(before, { txs: 1, debit: { BNB: amountIn }, credit: { USDT: amountOut } });
  expect(
    await page.evaluate(() =>
      (window as unknown as { __wallet: { chainId(): number } }).__wallet.chainId(),
    ),
  ).toBe(localNetworks().BSC!.chainId);
});

test("BSC: an account switched in the wallet mid-swap: a swap asked for is the first account's; after its approval, nothing more is sent", async ({
  page,
  evmAccount: first,
}) => {
  const other = await freshEvmAccount();
  const router = (localNetworks().BSC as unknown as { exchange: { ROUTER_ADDRESS: string } })
    .exchange.ROUTER_ADDRESS;
  await injectEvmWallet(page, {
    account: first,
    chainId: localNetworks().BSC!.chainId,
    rpcUrls: evmRpcUrls(),
  });
  await addEvmAccount(page, other);
  await page.goto('/?n=BSC&from=USDT&to=BNB');
  await connectFromHeader(page, 'MetaMask');
  const sends = async () =>
    (await walletSent(page)).filter((m) => m === 'eth_sendTransaction').length;
  const wallet = (fn: string, arg: string | number) =>
    page.evaluate(
      ([f, a]) =>
        (window as unknown as { __wallet: Record<string, (x: unknown) => void> }).__wallet[
          f as string
        ]!(a),
      [fn, arg] as const,
    );
  // The user reads each prompt for 3 s, and picks the other account meanwhile.
  await wallet('setSendDelay', 3000);

  // In the approval's prompt: the approval is the first account's, the swap is not sent.
  let mine = await ledger('BSC', first, ['USDT']);
  const others = await ledger('BSC', other, ['USDT']);
  await sellField(page).fill('5');
  await quoted(page);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect.poll(sends).toBe(1);
  await wallet('switchAccount', other);
  await expect(
    page.getByText(
      'Your wallet switched to another account, so nothing more was sent. Check the amounts and try again.',
    ),
  ).toBeVisible({ timeout: 15000 });
  await expectLanded(mine, {
    txs: 1,
    allowance: [{ token: 'USDT', spender: router, amount: 2n ** 256n - 1n }],
  });
  await expectNothingMoved(others);
  expect(await sends()).toBe(1);
  await expect(page.getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toHaveCount(0);

  // In the swap's prompt: the swap is the first account's, and the page follows it as such.
  await wallet('switchAccount', first);
  mine = await ledger('BSC', first, ['BNB', 'USDT']);
  await sellField(page).fill('7');
  const { amountIn, amountOut } = await quoted(page);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect.poll(sends).toBe(2);
  await wallet('switchAccount', other);
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  await expect(popup.getByText('Confirmed', { exact: true })).toBeVisible({ timeout: 30000 });
  // Not "your wallet": the wallet shows the other account now, the tokens are in the first.
  const short = `${first.slice(0, 6)}…${first.slice(-4)}`;
  await expect(popup.getByTestId('arrived')).toContainText(
    new RegExp(`^Arrived in account ${short}: `, 'i'),
  );
  await expectLanded(mine, { txs: 1, debit: { USDT: amountIn }, credit: { BNB: amountOut } });
  await expectNothingMoved(others);
  await expect(page.getByText(/your wallet changed this transaction/)).toHaveCount(0);
});

/**
 * BSC with a wallet whose answer to eth_sendTransaction is not the 0x id: the id without its 0x
 * in capitals (some mobile wallets), or no id at all. The swap itself is sent as ever.
 */
async function withSendAnswer(page: Page, account: string, answer: 'bare capitals' | 'no id') {
  const net = localNetworks().BSC!;
  await injectEvmWallet(page, { account, chainId: net.chainId, rpcUrls: evmRpcUrls() });
  await page.addInitScript((kind) => {
    const wallet = window as unknown as {
      ethereum: { request(a: { method: string }): Promise<unknown> };
    };
    const request = wallet.ethereum.request.bind(wallet.ethereum);
    wallet.ethereum.request = async (a) => {
      const sent = await request(a);
      if (a.method !== 'eth_sendTransaction') return sent;
      return kind === 'no id' ? { result: 'ok' } : String(sent).slice(2).toUpperCase();
    };
  }, answer);
  await page.goto('/?n=BSC');
  await connectFromHeader(page, 'MetaMask');
}

test('a wallet that answers the transaction id without its 0x (some mobile wallets): the popup links the real id as soon as it is sent', async ({
  page,
  evmAccount: owner,
}) => {
  const net = localNetworks().BSC!;
  await withSendAnswer(page, owner, 'bare capitals');
  const before = await ledger('BSC', owner, ['USDT']);
  await sellField(page).fill('0.01');
  const { amountIn, amountOut } = await quoted(page);
  const popup = await swapAndWaitForPopup(page);
  const landed = await expectLanded(before, {
    txs: 1,
    debit: { BNB: amountIn },
    credit: { USDT: amountOut },
  });
  await expect(popup.getByTestId('txid')).toHaveAttribute(
    'href',
    `${net.scan}${landed.txs[0]!.hash.toLowerCase()}`,
  );
});

test('a wallet that answers no transaction id at all: the popup links nothing and says the send is looked for; found on chain, its real id is linked', async ({
  page,
  evmAccount: owner,
}) => {
  const net = localNetworks().BSC!;
  await withSendAnswer(page, owner, 'no id');
  const before = await ledger('BSC', owner, ['USDT']);
  await sellField(page).fill('0.01');
  const { amountIn, amountOut } = await quoted(page);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
  // Until the send is found by its nonce (checked every 2 s): no link to a made-up id.
  await expect(popup.getByTestId('txid-unknown')).toHaveText(
    'Transaction: your wallet did not give its id; looking for it on BNB Smart Chain…',
    { timeout: 20000 },
  );
  await expect(popup.getByRole('link')).toHaveCount(0);
  const landed = await expectLanded(before, {
    txs: 1,
    debit: { BNB: amountIn },
    credit: { USDT: amountOut },
  });
  await expect(popup.getByText('Confirmed', { exact: true })).toBeVisible({ timeout: 30000 });
  await expect(popup.getByTestId('txid')).toHaveAttribute(
    'href',
    `${net.scan}${landed.txs[0]!.hash.toLowerCase()}`,
  );
  await expect(popup.getByTestId('txid-unknown')).toHaveCount(0);
});

test('BSC: the popup’s code does not load (connection lost): SWAP sends nothing and says so; back online, the swap lands with its popup', async ({
  page,
  evmAccount: owner,
}) => {
  // FUNDS ON THE WAY is its own chunk, fetched once a wallet connects: here it cannot be.
  const popupChunk = /\/funds-on-the-way\.[0-9a-f]+\.js$/;
  await page.route(popupChunk, (route) => route.abort('internetdisconnected'));
  await openWithWallet(page, 'BSC', owner);
  const before = await ledger('BSC', owner, ['USDT']);
  await sellField(page).fill('0.01');
  await quoted(page);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(
    page.getByText(
      'The page could not load what shows your swap, so nothing was sent. Check your connection, then try again.',
    ),
  ).toBeVisible();
  await expectNothingMoved(before);
  expect(await walletSent(page)).not.toContain('eth_sendTransaction');

  await page.unroute(popupChunk);
  const { amountIn, amountOut } = await quoted(page);
  const popup = await swapAndWaitForPopup(page);
  await expectLanded(before, { txs: 1, debit: { BNB: amountIn }, credit: { USDT: amountOut } });
  await expect(popup.getByText('Confirmed', { exact: true })).toBeVisible({ timeout: 30000 });
});

test('BSC: a dust swap says its network fee is worth more than the swap; a usual amount does not', async ({
  page,
  evmAccount: owner,
}) => {
  await openWithWallet(page, 'BSC', owner);
  await sellField(page).fill('0.00001');
  await expect(page.getByTestId('fee-outweighs')).toHaveText(
    /^The network fee \(≈ \$0\.\d\d\) is more than this swap is worth \(≈ <?\$0\.01\)\.$/,
  );
  await sellField(page).fill('0.5');
  // The fee and its warning come with the simulation of the amount shown.
  await expect(page.getByTestId('simulated-result')).toContainText('0.5 BNB leaves your wallet');
  await expect(page.getByTestId('network-fee')).toBeVisible();
  await expect(page.getByTestId('fee-outweighs')).toHaveCount(0);
});

test('MetaMask and Rabby in one browser: the chooser offers each by name; Rabby picked is the one that connects, signs the swap and comes back after a reload', async ({
  page,
  evmAccount: metaMaskAccount,
}) => {
  const bsc = localNetworks().BSC!;
  const rabbyAccount = await freshEvmAccount();
  const asked = await injectMetaMaskAndRabby(
    page,
    { metaMask: metaMaskAccount, rabby: rabbyAccount },
    bsc.chainId,
  );
  await page.goto('/?n=BSC');
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  const chooser = page.getByRole('dialog', { name: 'Connect a wallet' });
  await expect(chooser.getByRole('button', { name: /^Browser wallet/ })).toHaveText([
    'Browser wallet (MetaMask)',
    'Browser wallet (Rabby Wallet)',
  ]);
  // Each beside its own logo, drawn under the site's CSP.
  const logo = (name: string) => chooser.getByRole('button', { name }).locator('img');
  await expect(logo('Browser wallet (Rabby Wallet)')).toHaveAttribute('src', RABBY_LOGO);
  await expect(logo('Browser wallet (MetaMask)')).toHaveAttribute('src', METAMASK_LOGO);
  for (const name of ['Browser wallet (MetaMask)', 'Browser wallet (Rabby Wallet)'])
    await expect
      .poll(() => logo(name).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(96);
  await chooser.getByRole('button', { name: 'Browser wallet (Rabby Wallet)' }).click();
  await expect(page.getByTestId('wallet-session')).toContainText('Welcome Rabby Wallet');
  expect(await asked('__wallet')).toEqual([]);

  // The swap is Rabby's account's, signed in Rabby.
  const rabby = await ledger('BSC', rabbyAccount, ['USDT']);
  const metaMask = await ledger('BSC', metaMaskAccount, ['USDT']);
  await sellField(page).fill('0.01');
  const { amountIn, amountOut } = await quoted(page);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: 'FUNDS ON THE WAY' }).getByText('Confirmed', { exact: true }),
  ).toBeVisible({ timeout: 30000 });
  await expectLanded(rabby, { txs: 1, debit: { BNB: amountIn }, credit: { USDT: amountOut } });
  await expectNothingMoved(metaMask);
  expect(await asked('__rabby')).toContain('eth_sendTransaction');
  expect(await asked('__wallet')).toEqual([]);

  // After a reload Rabby is back, with no prompt; MetaMask is not asked.
  await page.reload();
  await expect(page.getByTestId('wallet-session')).toContainText('Welcome Rabby Wallet');
  expect(await asked('__rabby')).toContain('eth_accounts');
  expect(await asked('__rabby')).not.toContain('eth_requestAccounts');
  expect(await asked('__wallet')).toEqual([]);
});
