/**
 * The mobile wallet for real: a WalletConnect session from the QR code to funds on the way. The
 * page's own EthereumProvider talks through the local relay (ws://localhost:9086, named in
 * networks.json) to a wallet on WalletConnect's own SDK, which signs with the test's fresh
 * account's key against the e2e chains. Every money flow is checked on chain (`expectLanded`);
 * the relay is stopped and started under a session; nothing of the page may reach anything but
 * this machine, and the CSP allows exactly the relay beside the site's own hosts, with no
 * violation.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { TestWallet, WalletConnectRelay } from '@jmswap/devnet';
import { expect, test } from '../fixtures/test';
import { evmBalance, localNetworks } from '../fixtures/chain';
import { freshEvmKeyAccount, rpc } from '../fixtures/accounts';
import { expectLanded, expectNothingMoved, ledger, type Expected } from '../fixtures/landed';
import {
  connectMobileWallet,
  mobileWallet,
  online,
  openPairing,
  qrDialog,
  startLocalRelay,
  WALLET_NAME,
} from '../fixtures/mobile-wallet';
import { RELAY_PORT, SHELL } from '../fixtures/stack';
import { evmPair, exchangeOf } from './liquidity.chain';

const { parseCsp } = require('@jmswap/mf-config') as {
  parseCsp: (header: string | undefined) => Record<string, string[]>;
};

const SHOTS = '/tmp/mobile-wallet-shots';
mkdirSync(SHOTS, { recursive: true });
const RELAY = `ws://localhost:${RELAY_PORT}`;

// Not serial: every test has its own account and wallet, so a failure skips none of the others.
// The relay's fixed port keeps them in one worker (the trading lane runs one); a worker started
// after a failure starts its own relay (beforeAll).

let relay: WalletConnectRelay;
const wallets: TestWallet[] = [];

test.beforeAll(async () => {
  relay = await startLocalRelay();
});

test.afterEach(async () => {
  if (!relay.running) await relay.start();
  for (const w of wallets.splice(0)) await w.stop();
});

test.afterAll(() => relay.stop());

/** The phone's wallet, holding the test's fresh account's key. */
async function walletFor(key: string, network = 'BSC') {
  const w = await mobileWallet(key, network);
  wallets.push(w);
  return w;
}

/**
 * What the page meets that it should not: CSP violations (in every frame, from the first byte),
 * and requests to anything but this machine.
 */
async function watch(page: Page) {
  await online(page);
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && url.protocol !== 'data:')
      outside.push(r.url());
  });
  page.on('websocket', (ws) => {
    if (!ws.url().startsWith(`${RELAY}/`) && !ws.url().startsWith(`${RELAY}?`))
      outside.push(ws.url());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener(
      'securitypolicyviolation',
      (e) => w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`),
      true,
    );
  });
  return {
    outside,
    violations: () =>
      page.evaluate(() => (window as unknown as { __csp: string[] }).__csp).catch(() => []),
  };
}

const swapBox = (page: Page) => page.locator('[data-remote="swap"]');
const sellField = (page: Page) => page.getByRole('textbox', { name: 'Tokens to swap' });
const swapButton = (page: Page) => swapBox(page).getByRole('button', { name: 'SWAP', exact: true });
const fundsOnTheWay = (page: Page) => page.getByRole('dialog', { name: 'FUNDS ON THE WAY' });
const session = (page: Page) => page.getByTestId('wallet-session');
const connectButton = (page: Page) =>
  page.locator('header').getByRole('button', { name: 'CONNECT WALLET' });

const MAX_APPROVAL = 2n ** 256n - 1n;

/** The symbol a token button of `panel` shows ("Sell token: BNB"). */
async function symbolOf(panel: Locator, label: string): Promise<string> {
  const name = await panel
    .getByRole('button', { name: new RegExp(`^${label}: `) })
    .getAttribute('aria-label');
  return (name ?? '').slice(label.length + 2).split(' ')[0]!;
}

/** Fills the amount to sell and returns the trade the quote promises, in base units. */
async function quoteSwap(page: Page, amount: string) {
  const box = swapBox(page);
  const [from, to] = [await symbolOf(box, 'Sell token'), await symbolOf(box, 'Receive token')];
  await sellField(page).fill(amount);
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /^\d+$/);
  const quote = async (name: string) => BigInt((await swapBox(page).getAttribute(name)) as string);
  return {
    from,
    to,
    amountIn: await quote('data-quote-in'),
    amountOut: await quote('data-quote-out'),
  };
}
type Quote = Awaited<ReturnType<typeof quoteSwap>>;
/** What a swap takes from the wallet and gives it, as `expectLanded` reads it. */
const traded = (q: Quote) => ({ debit: { [q.from]: q.amountIn }, credit: { [q.to]: q.amountOut } });

/**
 * Swaps `amount` through the session: FUNDS ON THE WAY names the swap the wallet sent, and the
 * chain moved exactly the estimate, in `expected.txs` transactions (the approvals, then the swap).
 */
async function swapThroughSession(
  page: Page,
  wallet: TestWallet,
  network: string,
  amount: string,
  expected: Pick<Expected, 'txs' | 'allowance'>,
) {
  const quote = await quoteSwap(page, amount);
  const before = await ledger(network, wallet.address, [quote.from, quote.to]);
  const sentBefore = wallet.sent.length;
  await swapButton(page).click();
  await expect(fundsOnTheWay(page)).toBeVisible({ timeout: 60_000 });
  const landed = await expectLanded(before, { ...expected, ...traded(quote) });
  const hashes = wallet.sent.slice(sentBefore);
  expect(landed.txs.map((t) => t.hash)).toEqual(hashes);
  const href = await fundsOnTheWay(page).getByTestId('txid').getAttribute('href');
  expect(href).toBe(localNetworks()[network]!.scan + hashes.at(-1));
  return landed;
}

test('the QR dialog, both themes, 1280 and 375 px: pairing shows the wallet and its balance', async ({
  page,
  evmKeyAccount: owner,
}) => {
  const seen = await watch(page);
  const wallet = await walletFor(owner.key);
  const response = await page.goto('/?n=BSC');
  const csp = parseCsp(response?.headers()['content-security-policy']);
  // Exactly the relay beside the site's own hosts (the chain nodes: anvil's ws:// url is listed
  // for the api); nothing else of WalletConnect's.
  const nodes = Object.values(localNetworks()).flatMap((n) =>
    ((n as unknown as { nodeUrls?: string[] }).nodeUrls ?? []).map((u) => new URL(u).origin),
  );
  expect(csp['connect-src']).toContain(RELAY);
  expect(csp['connect-src']!.filter((s) => s.startsWith('ws') && !nodes.includes(s))).toEqual([
    RELAY,
  ]);
  expect(csp['connect-src']!.join(' ')).not.toMatch(/walletconnect|reown|web3modal/);
  expect(csp['style-src-elem']).not.toContain("'unsafe-inline'");
  expect(csp['frame-src']).toEqual(["'none'"]);

  const uri = await openPairing(page);
  const dialog = qrDialog(page);
  await expect(dialog.getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  // Styled by the site's stylesheet (no <style> of its own): a card, the code 280 px wide.
  const looks = await dialog.evaluate((el) => {
    const qr = el.querySelector('svg') as SVGElement;
    return {
      background: getComputedStyle(el).backgroundColor,
      radius: getComputedStyle(el).borderRadius,
      qr: qr.getBoundingClientRect().width,
    };
  });
  expect(looks).toMatchObject({ radius: '16px', qr: 280 });
  expect(looks.background).not.toBe('rgba(0, 0, 0, 0)');
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await page.screenshot({ path: `${SHOTS}/qr-1280-${theme}.png` });
  }
  await page.setViewportSize({ width: 375, height: 812 });
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await page.screenshot({ path: `${SHOTS}/qr-375-${theme}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await wallet.pair(uri);
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(session(page)).toContainText(`Welcome ${WALLET_NAME}`);
  // The balance the header shows is the wallet's on chain (6 decimals, as the spec says).
  const bnb = await evmBalance('BSC', 'BNB', wallet.address);
  const shown = `${bnb / 10n ** 18n}.${String((bnb % 10n ** 18n) / 10n ** 12n).padStart(6, '0')} BNB`;
  await expect(session(page)).toContainText(shown);
  // However long the user took to scan, the page never gave up on the wallet.
  await expect(page.getByText('The wallet did not answer')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/connected-1280.png` });

  expect(await seen.violations()).toEqual([]);
  expect(seen.outside).toEqual([]);
});

test('BSC: a swap through the session reaches FUNDS ON THE WAY; the chain got the estimate', async ({
  page,
  evmKeyAccount: owner,
}) => {
  const seen = await watch(page);
  const wallet = await walletFor(owner.key);
  await page.goto('/?n=BSC');
  await connectMobileWallet(page, wallet);
  await swapThroughSession(page, wallet, 'BSC', '0.3', { txs: 1 }); // BNB sold: nothing to approve
  expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(1);
  await page.screenshot({ path: `${SHOTS}/funds-on-the-way-bsc.png` });
  expect(await seen.violations()).toEqual([]);
  expect(seen.outside).toEqual([]);
});

test('BSC: the user picks another account in the mobile wallet: the header follows it, and the swap is that account’s; nothing of the first moves', async ({
  page,
  evmKeyAccount: first,
}) => {
  const other = await freshEvmKeyAccount();
  // Told apart in the header by its balance.
  await rpc(localNetworks().BSC!.nodeUrl, 'anvil_setBalance', [
    other.address,
    '0x' + (777n * 10n ** 18n).toString(16),
  ]);
  const wallet = await walletFor(first.key);
  await page.goto('/?n=BSC');
  await connectMobileWallet(page, wallet);
  await expect(page.getByTestId('wallet-session')).toContainText('10000');
  await wallet.switchAccount(other.key);
  await expect(page.getByTestId('wallet-session')).toContainText('777');
  const firstBefore = await ledger('BSC', first.address, ['BNB', 'USDT']);
  await swapThroughSession(page, wallet, 'BSC', '0.3', { txs: 1 });
  await expectNothingMoved(firstBefore);
});

test('ETH: an approval, then the swap, both through the session', async ({
  page,
  evmKeyAccount: owner,
}) => {
  const eth = localNetworks().ETH!;
  const router = exchangeOf('ETH').ROUTER_ADDRESS;
  const wallet = await walletFor(owner.key, 'ETH');
  await online(page);
  await page.goto('/?n=ETH&from=USDT&to=ETH');
  await connectMobileWallet(page, wallet);
  // A fresh account: no allowance yet, so the approval (unlimited, as with MetaMask), then the swap.
  await swapThroughSession(page, wallet, 'ETH', '25', {
    txs: 2,
    allowance: [{ token: 'USDT', spender: router, amount: MAX_APPROVAL }],
  });
  expect(wallet.requests.map((r) => [r.method, r.chainId])).toEqual([
    ['eth_sendTransaction', `eip155:${eth.chainId}`],
    ['eth_sendTransaction', `eip155:${eth.chainId}`],
  ]);
});

test('BSC: adding liquidity through the session mints the pool tokens shown', async ({
  page,
  evmKeyAccount: owner,
}) => {
  const wallet = await walletFor(owner.key);
  await online(page);
  await page.goto('/?n=BSC&t=addLiquidity');
  await connectMobileWallet(page, wallet);
  const panel = page.locator('[data-remote="liquidity"]');
  await panel.getByRole('button', { name: 'ADD LIQUIDITY', exact: true }).click();
  await panel.getByRole('textbox', { name: 'Tokens to swap' }).fill('0.2');
  const supply = panel.getByRole('button', { name: 'SUPPLY' });
  await expect(supply).toHaveAttribute('data-lp-tokens', /^[1-9]\d*$/);
  const planned = async (name: string) => BigInt((await supply.getAttribute(name)) as string);
  const [symbolA, symbolB] = [
    await symbolOf(panel, 'Tokens to swap token'),
    await symbolOf(panel, 'Estimate token'),
  ];
  const [amountA, amountB] = [await planned('data-amount-a'), await planned('data-amount-b')];
  const lpTokens = await planned('data-lp-tokens');
  const pair = await evmPair('BSC', 'BNB', 'USDT');
  const before = await ledger('BSC', owner.address, ['BNB', 'USDT', pair]);
  await supply.click();
  await expect(panel).toHaveAttribute('data-step', '1', { timeout: 60_000 });
  await expect(page.getByText('Liquidity added').first()).toBeVisible();
  await expectLanded(before, {
    txs: 2, // the USDT approval, then the add
    debit: { [symbolA]: amountA, [symbolB]: amountB },
    credit: { [pair]: lpTokens },
    allowance: [
      { token: 'USDT', spender: exchangeOf('BSC').LIQUIDITY_ROUTER, amount: MAX_APPROVAL },
    ],
  });
  expect(wallet.sent).toHaveLength(2);
});

test('the wallet refuses: the spec’s words, nothing sent', async ({
  page,
  evmKeyAccount: owner,
}) => {
  const wallet = await walletFor(owner.key, 'ETH');
  await online(page);
  await page.goto('/?n=ETH');
  await connectMobileWallet(page, wallet);
  wallet.decline('eth_sendTransaction');
  const quote = await quoteSwap(page, '0.1');
  const before = await ledger('ETH', owner.address, [quote.from, quote.to]);
  await swapButton(page).click();
  await expect(
    page.getByText('You rejected the request in your wallet. Nothing was sent.'),
  ).toBeVisible({ timeout: 30_000 });
  expect(wallet.requests.map((r) => r.answer)).toEqual(['rejected']);
  await expect(fundsOnTheWay(page)).toHaveCount(0);
  await expectNothingMoved(before);
});

test('the wallet on another chain: the switch goes through the session; refused, then accepted', async ({
  page,
  evmKeyAccount: owner,
}) => {
  const bsc = localNetworks().BSC!;
  const eth = localNetworks().ETH!;
  const wallet = await walletFor(owner.key);
  await online(page);
  await page.goto('/?n=BSC');
  await connectMobileWallet(page, wallet);
  // The user moves the wallet to Ethereum on the phone, and will refuse to move back.
  await wallet.switchChain(eth.chainId);
  wallet.refuseSwitch = true;
  const refusedQuote = await quoteSwap(page, '0.1');
  const refused = await ledger('BSC', owner.address, [refusedQuote.from, refusedQuote.to]);
  await swapButton(page).click();
  await expect(page.getByText(/Your wallet is on another network/)).toBeVisible({
    timeout: 30_000,
  });
  expect(wallet.requests.map((r) => r.method)).toEqual(['wallet_switchEthereumChain']);
  expect(wallet.sent).toEqual([]);
  await expectNothingMoved(refused);

  wallet.refuseSwitch = false;
  const quote = await quoteSwap(page, '0.1');
  const before = await ledger('BSC', owner.address, [quote.from, quote.to]);
  await swapButton(page).click();
  await expect(fundsOnTheWay(page)).toBeVisible({ timeout: 60_000 });
  await expectLanded(before, { txs: 1, ...traded(quote) });
  expect(wallet.chainId).toBe(bsc.chainId);
  expect(wallet.requests.map((r) => r.method)).toEqual([
    'wallet_switchEthereumChain',
    'wallet_switchEthereumChain',
    'eth_sendTransaction',
  ]);
  expect(wallet.requests.at(-1)!.chainId).toBe(`eip155:${bsc.chainId}`);
});

test('a reload keeps the session without a new QR code; a disconnect on either side ends it', async ({
  page,
  evmKeyAccount: owner,
}) => {
  const wallet = await walletFor(owner.key);
  await online(page);
  await page.goto('/?n=BSC');
  await connectMobileWallet(page, wallet);
  await page.reload();
  await expect(session(page)).toContainText(`Welcome ${WALLET_NAME}`, { timeout: 20_000 });
  await expect(qrDialog(page)).toHaveCount(0);

  // The user ends it on the phone: the page follows within seconds.
  await wallet.disconnect();
  await expect(connectButton(page)).toBeVisible({ timeout: 10_000 });
  // And after a reload it stays ended.
  await page.reload();
  await expect(connectButton(page)).toBeVisible();

  // Connected again, then ended from the page: the wallet hears it within seconds.
  await connectMobileWallet(page, wallet);
  expect(wallet.sessions()).toHaveLength(1);
  await page.locator('header').getByRole('button', { name: 'Disconnect' }).click();
  await expect(connectButton(page)).toBeVisible();
  await wallet.until(() => wallet.sessions().length === 0, 10_000);
});

test('the relay stops mid-send: the page says so, recovers, and the swap is sent once', async ({
  page,
  evmKeyAccount: owner,
}) => {
  const wallet = await walletFor(owner.key);
  await online(page);
  await page.goto('/?n=BSC');
  await connectMobileWallet(page, wallet);
  // The request reaches the phone; the relay goes down before the wallet answers.
  wallet.hold();
  const quote = await quoteSwap(page, '0.2');
  const before = await ledger('BSC', owner.address, [quote.from, quote.to]);
  await swapButton(page).click();
  await wallet.until(() => wallet.requests.length === 1);
  await relay.stop();
  const notice = page.getByRole('status').filter({ hasText: 'Mobile wallet unreachable' });
  await expect(notice).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: `${SHOTS}/relay-down-1280.png` });
  wallet.resume(); // the user approves on the phone: it sends, its answer waits for the relay
  await wallet.until(() => wallet.sent.length === 1);
  await relay.start();
  await expect(notice).toBeHidden({ timeout: 20_000 });
  await expect(fundsOnTheWay(page)).toBeVisible({ timeout: 60_000 });
  expect(wallet.requests).toHaveLength(1);
  // Exactly one transaction landed: the swap, with the estimate.
  const landed = await expectLanded(before, { txs: 1, ...traded(quote) });
  expect(landed.txs.map((t) => t.hash)).toEqual(wallet.sent);
});

test('on a phone: the pairing opens the wallet app with the same link', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    hasTouch: true,
    isMobile: true,
    baseURL: SHELL,
  });
  const page = await context.newPage();
  const seen = await watch(page);
  await page.goto('/?n=ETH');
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).tap();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: 'Mobile wallet (WalletConnect)' })
    .tap();
  const link = qrDialog(page).getByRole('textbox', { name: 'WalletConnect link' });
  await expect(link).toHaveValue(/^wc:/, { timeout: 20_000 });
  const open = qrDialog(page).getByRole('link', { name: 'Open in wallet app' });
  await expect(open).toHaveAttribute('href', await link.inputValue());
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await page.screenshot({ path: `${SHOTS}/qr-phone-${theme}.png` });
  }
  // not a money flow: the QR dialog's Cancel ends the pairing.
  await qrDialog(page).getByRole('button', { name: 'Cancel' }).tap();
  await expect(qrDialog(page)).toBeHidden();
  await expect(page.getByText('Wallet connection declined')).toBeVisible();
  expect(await seen.violations()).toEqual([]);
  expect(seen.outside).toEqual([]);
  await context.close();
});

test('with no project id configured, the option says so', async ({ page }) => {
  await page.route('**/config/networks.json', async (route) => {
    const response = await route.fetch();
    const file = await response.json();
    delete file.walletConnect;
    await route.fulfill({ response, json: file });
  });
  await online(page);
  await page.goto('/?n=BSC');
  await connectButton(page).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: 'Mobile wallet (WalletConnect)' })
    .click();
  await expect(
    page.getByText('Mobile wallet (WalletConnect) is not configured: no project id'),
  ).toBeVisible();
  await expect(qrDialog(page)).toHaveCount(0);
});
