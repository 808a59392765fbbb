import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { evmBalance, evmRpcUrls, localNetworks } from '../fixtures/chain';
import {
  connectFromHeader,
  expectWalletBack,
  connectOffers,
  recordConnectOffers,
} from '../fixtures/connect';
import { injectEvmWallet } from '../fixtures/evm-wallet';
import { withTronLink } from '../fixtures/tron';

// A new user's machine: no wallet extension, nothing injected.
async function choose(page: Page, network: string, wallet: string) {
  await page.goto(`/?n=${network}`);
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: wallet })
    .click();
  return page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('alert');
}

test("TronLink with no extension says it was not found, with TronLink's link", async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  const note = await choose(page, 'TRON', 'TronLink');
  await expect(note).toContainText(
    'TronLink was not found. Install it or unlock it, then try again',
  );
  await expect(note.getByRole('link', { name: 'Get TronLink' })).toHaveAttribute(
    'href',
    'https://www.tronlink.org/',
  );
  expect(logs.some((l) => /tronlink/i.test(l))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toBeHidden();
});

test('MetaMask with no extension says it was not found, naming the wallets that were', async ({
  page,
}) => {
  const note = await choose(page, 'BSC', 'Browser wallet (MetaMask)');
  await expect(note).toContainText(
    'MetaMask was not found. Install it or unlock it, then try again',
  );
  await expect(note.getByRole('link', { name: 'Get MetaMask' })).toHaveAttribute(
    'href',
    'https://metamask.io/download/',
  );
  await expect(note).not.toContainText('Wallets found');
});

test('a browser wallet that never answers: offered by its own name, and the note names it and says it may be locked', async ({
  page,
}) => {
  // An EIP-6963 wallet that announces itself but never answers eth_requestAccounts (locked).
  await page.addInitScript(() => {
    const provider = { request: () => new Promise(() => undefined), on() {}, removeListener() {} };
    window.addEventListener('eip6963:requestProvider', () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: {
            info: { uuid: 'r1', name: 'Rabby Wallet', rdns: 'io.rabby', icon: '' },
            provider,
          },
        }),
      ),
    );
  });
  // The only wallet in the page: its own name on the line, not MetaMask's.
  const note = await choose(page, 'BSC', 'Browser wallet (Rabby Wallet)');
  // Meanwhile the dialog says which wallet it waits for, and what the user may have to do.
  await expect(
    page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('status'),
  ).toHaveText(/^Connecting to Browser wallet \(Rabby Wallet\)….*asks for its password first\.$/);
  await expect(note).toContainText(
    'Rabby Wallet was not found. Install it or unlock it, then try again',
    { timeout: 15000 },
  );
  await expect(note).toContainText('Rabby Wallet did not answer within 8 seconds');
  // It is in the browser: no MetaMask download, no list of itself.
  await expect(note.getByRole('link')).toHaveCount(0);
  await expect(note).not.toContainText('Wallets found in this browser');
});

type TestWallet = { sent(): string[]; revokeSite(): void };
const walletAsked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __wallet: TestWallet }).__wallet.sent());
/** The chain the page's MetaMask is on now. */
const walletChain = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { ethereum: { request(a: object): Promise<string> } }).ethereum.request({
      method: 'eth_chainId',
    }),
  );
const connectButton = (page: Page) =>
  page.locator('header').getByRole('button', { name: 'CONNECT WALLET' });

test('a page load brings the browser wallet back with no prompt; Disconnect, or the wallet no longer granting the site, ends that', async ({
  page,
  evmAccount,
}) => {
  const bsc = localNetworks().BSC!;
  await injectEvmWallet(page, { account: evmAccount, chainId: bsc.chainId, rpcUrls: evmRpcUrls() });
  await recordConnectOffers(page);
  await page.goto('/?n=BSC');
  await connectFromHeader(page, 'MetaMask');
  await page.reload();
  await expectWalletBack(page, 'MetaMask');
  await expect(page.getByTestId('wallet-session')).toContainText(/\d BNB/);
  // Not one frame offered CONNECT WALLET while the wallet was coming back.
  expect(await connectOffers(page)).toBe(0);
  // The swap box has it too; and nothing asked the user (eth_accounts is the silent question).
  await expect(page.getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  expect(await walletAsked(page)).not.toContain('eth_requestAccounts');
  // On another page of the site, a new tab's first load, as well.
  await page.goto('/charts?n=BSC');
  await expectWalletBack(page, 'MetaMask');
  await expect(page.getByRole('region', { name: 'My trades' })).not.toContainText(
    'Connect a wallet to see your trades.',
  );
  expect(await connectOffers(page)).toBe(0);

  // Disconnect is kept: the next load does not ask the wallet.
  await page.locator('header').getByRole('button', { name: 'Disconnect' }).click();
  await expect(connectButton(page)).toBeVisible();
  await page.goto('/?n=BSC');
  await expect(page.getByRole('button', { name: 'CONNECT WALLET' }).first()).toBeVisible();
  await expect(page.getByTestId('price-from')).toHaveText(/\d/); // the page is in use
  expect(await walletAsked(page)).not.toContain('eth_accounts');
  await expect(page.getByTestId('wallet-session')).toHaveCount(0);

  // Connected again, then the user disconnects the site in the wallet: the next load asks
  // silently, gets no account, and shows CONNECT WALLET (no prompt, nothing remembered).
  await connectFromHeader(page, 'MetaMask');
  await page.evaluate(() => (window as unknown as { __wallet: TestWallet }).__wallet.revokeSite());
  await page.reload();
  await expect.poll(() => walletAsked(page)).toContain('eth_accounts');
  await expect(connectButton(page)).toBeVisible();
  expect(await walletAsked(page)).not.toContain('eth_requestAccounts');
  await page.reload();
  await expect(page.getByTestId('price-from')).toHaveText(/\d/); // the page is in use
  expect(await walletAsked(page)).not.toContain('eth_accounts');
  // The way back: connecting again grants the site, and the next load has it.
  await connectFromHeader(page, 'MetaMask');
  await page.reload();
  await expectWalletBack(page, 'MetaMask');
});

test('a page load brings TronLink back while it still shows the site its account; each network keeps its wallet', async ({
  page,
  tronAccount,
  evmAccount,
}) => {
  const bsc = localNetworks().BSC!;
  await withTronLink(page, tronAccount);
  await injectEvmWallet(page, { account: evmAccount, chainId: bsc.chainId, rpcUrls: evmRpcUrls() });
  await page.goto('/?n=TRON');
  await connectFromHeader(page, 'TronLink');
  await page.reload();
  await expectWalletBack(page, 'TronLink');
  await expect(page.getByTestId('wallet-session')).toContainText(/\d TRX/);
  const asked = await page.evaluate(
    () => (window as unknown as { __tronLinkMock: { calls: unknown[] } }).__tronLinkMock.calls,
  );
  expect(JSON.stringify(asked)).not.toContain('tron_requestAccounts');
  // A trader on two chains: MetaMask connected on BSC, then each network's page loads again.
  await page.goto('/?n=BSC');
  await connectFromHeader(page, 'MetaMask');
  await page.goto('/?n=TRON');
  await expectWalletBack(page, 'TronLink');
  await page.goto('/?n=BSC');
  await expectWalletBack(page, 'MetaMask');
});

test('a network tab there and back keeps each network’s wallet: back on it with no click, gone once disconnected there', async ({
  page,
  tronAccount,
  evmAccount,
}) => {
  const bsc = localNetworks().BSC!;
  const poly = localNetworks().POLY!;
  await withTronLink(page, tronAccount);
  await injectEvmWallet(page, { account: evmAccount, chainId: bsc.chainId, rpcUrls: evmRpcUrls() });
  const tab = (id: string) => page.getByRole('tab', { name: id, exact: true });
  const tronAsked = () =>
    page.evaluate(() =>
      JSON.stringify(
        (window as unknown as { __tronLinkMock: { calls: unknown[] } }).__tronLinkMock.calls,
      ),
    );
  await page.goto('/?n=TRON');
  await connectFromHeader(page, 'TronLink');
  // A network where nothing was connected yet offers CONNECT WALLET.
  await tab('BSC').click();
  await expect(connectButton(page)).toBeVisible();
  await connectFromHeader(page, 'MetaMask');
  const tronPrompts = (await tronAsked()).split('tron_requestAccounts').length;
  await tab('TRON').click();
  await expectWalletBack(page, 'TronLink');
  await expect(page.getByTestId('wallet-session')).toContainText(/\d TRX/);
  await expect(page.getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  expect((await tronAsked()).split('tron_requestAccounts').length).toBe(tronPrompts);
  await tab('BSC').click();
  await expectWalletBack(page, 'MetaMask');
  await expect(page.getByTestId('wallet-session')).toContainText(/\d BNB/);
  expect((await walletAsked(page)).filter((m) => m === 'eth_requestAccounts')).toHaveLength(1);
  // POLY: its own CONNECT WALLET; connected there, the wallet follows the tabs onto each chain.
  await tab('POLY').click();
  await expect(connectButton(page)).toBeVisible();
  await connectFromHeader(page, 'MetaMask');
  await tab('BSC').click();
  await expectWalletBack(page, 'MetaMask');
  await expect.poll(() => walletChain(page)).toBe(`0x${bsc.chainId.toString(16)}`);
  await tab('POLY').click();
  await expectWalletBack(page, 'MetaMask');
  await expect.poll(() => walletChain(page)).toBe(`0x${poly.chainId.toString(16)}`);
  // Disconnect ends it on that network only.
  await page.locator('header').getByRole('button', { name: 'Disconnect' }).click();
  await expect(connectButton(page)).toBeVisible();
  await tab('TRON').click();
  await expectWalletBack(page, 'TronLink');
  await tab('POLY').click();
  await expect(connectButton(page)).toBeVisible();
  await expect(page.getByTestId('price-from')).toHaveText(/\d/); // the page is in use
});

test('Disconnect in one tab of the site ends that wallet in its other tabs at once; another network’s wallet stays, and CONNECT WALLET brings it back', async ({
  page,
  tronAccount,
  evmAccount,
}) => {
  const bsc = localNetworks().BSC!;
  const tabs = [page, await page.context().newPage(), await page.context().newPage()];
  for (const tab of tabs) {
    await withTronLink(tab, tronAccount);
    await injectEvmWallet(tab, {
      account: evmAccount,
      chainId: bsc.chainId,
      rpcUrls: evmRpcUrls(),
    });
  }
  const [first, second, tron] = tabs as [Page, Page, Page];
  await first.goto('/?n=BSC');
  await connectFromHeader(first, 'MetaMask');
  await second.goto('/?n=BSC');
  await expectWalletBack(second, 'MetaMask');
  await tron.goto('/?n=TRON');
  await connectFromHeader(tron, 'TronLink');

  await first.locator('header').getByRole('button', { name: 'Disconnect' }).click();
  await expect(connectButton(first)).toBeVisible();
  // The other tab on BSC, with no reload: no address shown, nothing it could send as.
  await expect(connectButton(second)).toBeVisible();
  await expect(second.getByTestId('wallet-session')).toHaveCount(0);
  await expect(second.getByRole('button', { name: 'SWAP', exact: true })).toHaveCount(0);
  await expectWalletBack(tron, 'TronLink');
  // The way back: connecting again in that tab works as ever.
  await connectFromHeader(second, 'MetaMask');
  await expect(second.getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  await expect(connectButton(first)).toBeVisible();
});

test('a connected wallet with an 11-digit balance stays on the menu’s line at 1280 px, in both languages; at 1024 its line stays on screen', async ({
  page,
  evmAccount,
}) => {
  const bttc = localNetworks().BTTC!;
  // A BTT holder's usual order of magnitude: 10 billion, "10000000000.000000 BTT" in the header.
  expect(await evmBalance('BTTC', 'BTT', evmAccount)).toBeGreaterThanOrEqual(10n ** 28n);
  await injectEvmWallet(page, {
    account: evmAccount,
    chainId: bttc.chainId,
    rpcUrls: evmRpcUrls(),
  });
  const line = (selector: string) =>
    page
      .locator(selector)
      .last()
      .evaluate((e) => {
        const r = e.getBoundingClientRect();
        return { middle: Math.round(r.top + r.height / 2), right: Math.round(r.right) };
      });
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const lang of ['en', 'zh-CN']) {
    await page.goto(`/?n=BTTC&lang=${lang}`);
    if (lang === 'en') await connectFromHeader(page, 'MetaMask');
    await expect(page.getByTestId('wallet-session')).toContainText(/\d{11}\.\d{6} BTT/);
    const [logo, wallet, disconnect] = await Promise.all(
      ['.jm-logo', '.jm-wallet', '.jm-header-end .jm-recent-toggle'].map(line),
    );
    expect(Math.abs(wallet!.middle - logo!.middle), lang).toBeLessThanOrEqual(4);
    expect(disconnect!.right, lang).toBeLessThanOrEqual(1280 - 24);
  }
  await page.setViewportSize({ width: 1024, height: 800 });
  const end = await line('.jm-header-end .jm-recent-toggle');
  expect(end.right).toBeLessThanOrEqual(1024 - 24);
});

test('the help center, the info page and the listing form keep the network and its wallet; a tab there switches it', async ({
  page,
  evmAccount,
}) => {
  const bsc = localNetworks().BSC!;
  await injectEvmWallet(page, { account: evmAccount, chainId: bsc.chainId, rpcUrls: evmRpcUrls() });
  const selected = () =>
    page.getByRole('tablist', { name: 'Networks' }).getByRole('tab', { selected: true });
  await page.goto('/?n=BSC');
  await connectFromHeader(page, 'MetaMask');
  const pages = {
    'Help center': /\/help$/,
    'For projects': /\/info$/,
    'List a token': /\/listing$/,
  };
  for (const [link, path] of Object.entries(pages)) {
    await page.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(selected()).toHaveText('BSC');
    await expect(page.getByTestId('wallet-session')).toContainText(/Welcome MetaMask.*\d BNB/);
  }
  await page.getByRole('link', { name: 'Swap', exact: true }).first().click();
  await expect(selected()).toHaveText('BSC');
  await expectWalletBack(page, 'MetaMask');
  await expect(page.getByRole('button', { name: 'Sell token: BNB' })).toBeVisible();
  // A tab on the help page moves the header (and the next page) to that network.
  await page.getByRole('link', { name: 'Help center', exact: true }).click();
  await page.getByRole('tab', { name: 'TRON', exact: true }).click();
  await expect(selected()).toHaveText('TRON');
  await expect(connectButton(page)).toBeVisible();
  await page.getByRole('link', { name: 'Swap', exact: true }).first().click();
  await expect(page.getByRole('button', { name: 'Sell token: TRX' })).toBeVisible();
});

test('CONNECT WALLET with the connection dropped says the wallet list did not load, in a toast styled by the page; back online the next click opens it', async ({
  page,
  context,
}) => {
  await page.goto('/?n=BSC');
  await expect(page.getByTestId('price-from')).toContainText(/\d/);
  // Offline before any toast of this visit: neither the chooser's chunk nor the toast library's
  // can load, so the page shows the toast itself.
  await context.setOffline(true);
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'The wallet list did not load' });
  await expect(toast).toHaveText(
    'The wallet list did not load. Check your connection and try again.×',
  );
  // Drawn by the stylesheet (the page's policy refuses inline styles): over the page, top right.
  expect(
    await toast.evaluate((shown) => {
      const stack = getComputedStyle(shown.parentElement as Element);
      return [stack.position, getComputedStyle(shown).borderTopStyle];
    }),
  ).toEqual(['fixed', 'solid']);
  // Read out as an alert, named, with its contrast (axe's WCAG 2.1 AA rules on the toast).
  const { violations } = await new AxeBuilder({ page })
    .include('.jm-plain-toasts')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toBeHidden();
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toBeHidden();

  await context.setOffline(false);
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toBeVisible();
});
