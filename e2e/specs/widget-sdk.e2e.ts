import AxeBuilder from '@axe-core/playwright';
import type { FrameLocator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import {
  addEvmAccount,
  injectEvmWallet,
  injectMetaMaskAndRabby,
  RABBY_LOGO,
} from '../fixtures/evm-wallet';
import { freshEvmAccount, rpc } from '../fixtures/accounts';
import { evmRpcUrls, localNetworks } from '../fixtures/chain';
import { expectLanded, expectNothingMoved, ledger } from '../fixtures/landed';
import { setResources, TRON_NODE, tronLinkSignatures, withTronLink } from '../fixtures/tron';
import { EVIL_PORT, HOST_PORT, SHELL } from '../fixtures/stack';

type Recorded = { kind: string; event: Record<string, unknown> };

const openPartner = (page: Page, options: object, port = HOST_PORT) =>
  page.goto(`http://localhost:${port}/sdk.html?o=${encodeURIComponent(JSON.stringify(options))}`);
const widget = (page: Page): FrameLocator => page.frameLocator('#jmswap iframe');
const swapBox = (page: Page) => widget(page).locator('[data-remote="swap"]');
const events = (page: Page, kind: string) =>
  page.evaluate(
    (k) => (window as unknown as { events: Recorded[] }).events.filter((e) => e.kind === k),
    kind,
  );
/** Human units to base units, exactly (no float). */
const units = (text: string, decimals: number) => {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole + frac.padEnd(decimals, '0'));
};

/** Connects, swaps `amount`, and returns what onSwap reported and what the box quoted. */
async function connectAndSwap(page: Page, amount: string, welcome: string) {
  await swapBox(page).getByRole('button', { name: 'CONNECT WALLET' }).click();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  await expect.poll(() => events(page, 'connect')).toHaveLength(1);
  expect((await events(page, 'connect'))[0]!.event.wallet).toBe(welcome);
  await swapBox(page).getByRole('textbox', { name: 'Tokens to swap' }).fill(amount);
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const quote = async (name: string) => BigInt((await swapBox(page).getAttribute(name)) as string);
  const quoted = {
    amountIn: await quote('data-quote-in'),
    amountOut: await quote('data-quote-out'),
  };
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(widget(page).getByRole('dialog', { name: 'FUNDS ON THE WAY' })).toBeVisible({
    timeout: 30000,
  });
  await expect.poll(() => events(page, 'swap'), { timeout: 30000 }).toHaveLength(1);
  return { swap: (await events(page, 'swap'))[0]!.event as Record<string, string>, quoted };
}

/** Types `amount`, presses SWAP and waits for the popup's Confirmed; returns the quoted output. */
async function swapInWidget(page: Page, amount: string): Promise<bigint> {
  await swapBox(page).getByRole('textbox', { name: 'Tokens to swap' }).fill(amount);
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  const amountOut = BigInt((await swapBox(page).getAttribute('data-quote-out')) as string);
  await swapBox(page).getByRole('button', { name: 'SWAP', exact: true }).click();
  await expect(
    widget(page)
      .getByRole('dialog', { name: 'FUNDS ON THE WAY' })
      .getByText('Confirmed', { exact: true }),
  ).toBeVisible({ timeout: 30000 });
  return amountOut;
}

test('BSC: a partner page mounts the widget with the SDK, its MetaMask approves and swaps, and onSwap reports what arrived', async ({
  page,
  evmAccount: owner,
}) => {
  const bsc = localNetworks().BSC!;
  await injectEvmWallet(page, { account: owner, chainId: bsc.chainId, rpcUrls: evmRpcUrls() });
  await openPartner(page, { network: 'BSC', fromToken: 'USDT', toToken: 'BNB', slippage: 1 });
  await expect(swapBox(page)).toContainText('TOKEN SWAP');
  // The frame the SDK mounts, a document of its own in the partner's page: titled, with its main
  // landmark, and every axe rule met inside (colour contrast is themes.e2e.ts's). Not a level-one
  // heading: that is the partner page's.
  const { violations } = await new AxeBuilder({ page })
    .include('#jmswap')
    .disableRules(['color-contrast', 'page-has-heading-one'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  const before = await ledger('BSC', owner, ['USDT', 'BNB']);

  const { swap, quoted } = await connectAndSwap(page, '10', 'MetaMask');

  // The approval of USDT, then the swap: the quoted amounts left and arrived.
  const landed = await expectLanded(before, {
    txs: 2,
    debit: { USDT: quoted.amountIn },
    credit: { BNB: quoted.amountOut },
  });
  expect(swap).toEqual(
    expect.objectContaining({
      network: 'BSC',
      symbolIn: 'USDT',
      symbolOut: 'BNB',
      txid: landed.txs[1]!.hash,
    }),
  );
  // onSwap reports exactly what left and arrived.
  expect(units(swap.amountIn!, 18)).toBe(quoted.amountIn);
  expect(units(swap.amountOut!, 18)).toBe(quoted.amountOut);
  expect(swap.amountIn).toBe('10');
  await page.screenshot({ path: test.info().outputPath('widget-sdk-bsc.png'), fullPage: true });

  // The partner's next page (a reload): the widget's wallet is back with no click and no
  // prompt, as on the site; MetaMask was asked only what needs no confirmation.
  await page.reload();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  await expect(swapBox(page)).toContainText('Balance:');
  const asked = await page.evaluate(() =>
    (window as unknown as { __wallet: { sent(): string[] } }).__wallet.sent(),
  );
  expect(asked).toContain('eth_accounts');
  expect(asked).not.toContain('eth_requestAccounts');
  expect(asked).not.toContain('wallet_switchEthereumChain');
  expect((await events(page, 'connect'))[0]!.event).toMatchObject({ address: owner });
});

test('BSC: the partner’s wallet switches account: the widget shows that account’s balance and swaps as it; nothing of the first moves', async ({
  page,
  evmAccount: first,
}) => {
  const bsc = localNetworks().BSC!;
  const other = await freshEvmAccount();
  // Told apart in the widget by its balance.
  await rpc(bsc.nodeUrl, 'anvil_setBalance', [other, '0x' + (777n * 10n ** 18n).toString(16)]);
  await injectEvmWallet(page, { account: first, chainId: bsc.chainId, rpcUrls: evmRpcUrls() });
  await addEvmAccount(page, other);
  await openPartner(page, { network: 'BSC', fromToken: 'BNB', toToken: 'USDT', slippage: 1 });
  await swapBox(page).getByRole('button', { name: 'CONNECT WALLET' }).click();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  await expect(swapBox(page)).toContainText('Balance: 10000');

  await page.evaluate(
    (account) =>
      (
        window as unknown as { __wallet: { switchAccount(a: string): void } }
      ).__wallet.switchAccount(account),
    other,
  );
  await expect(swapBox(page)).toContainText('Balance: 777');
  const firstBefore = await ledger('BSC', first, ['USDT']);
  const otherBefore = await ledger('BSC', other, ['USDT']);
  const amountOut = await swapInWidget(page, '0.02');
  await expectLanded(otherBefore, {
    txs: 1,
    debit: { BNB: 2n * 10n ** 16n },
    credit: { USDT: amountOut },
  });
  await expectNothingMoved(firstBefore);
  await expect.poll(() => events(page, 'swap'), { timeout: 30000 }).toHaveLength(1);
});

test('BSC: MetaMask and Rabby in the partner page: the widget offers both by name and logo; Rabby picked connects and swaps, MetaMask is never asked', async ({
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
  await openPartner(page, { network: 'BSC', fromToken: 'BNB', toToken: 'USDT', slippage: 1 });
  await swapBox(page).getByRole('button', { name: 'CONNECT WALLET' }).click();
  const chooser = widget(page).getByRole('dialog', { name: 'Connect a wallet' });
  await expect(chooser.getByRole('button', { name: /^Browser wallet/ })).toHaveText([
    'Browser wallet (MetaMask)',
    'Browser wallet (Rabby Wallet)',
  ]);
  const rabbyLogo = chooser
    .getByRole('button', { name: 'Browser wallet (Rabby Wallet)' })
    .locator('img');
  await expect(rabbyLogo).toHaveAttribute('src', RABBY_LOGO);
  await expect.poll(() => rabbyLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  expect(await events(page, 'connect')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('widget-sdk-two-wallets.png') });

  await chooser.getByRole('button', { name: 'Browser wallet (Rabby Wallet)' }).click();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  await expect.poll(() => events(page, 'connect')).toHaveLength(1);
  expect((await events(page, 'connect'))[0]!.event).toMatchObject({
    wallet: 'Rabby Wallet',
    address: rabbyAccount,
  });
  const rabby = await ledger('BSC', rabbyAccount, ['USDT']);
  const metaMask = await ledger('BSC', metaMaskAccount, ['USDT']);
  const amountOut = await swapInWidget(page, '0.02');
  await expectLanded(rabby, {
    txs: 1,
    debit: { BNB: 2n * 10n ** 16n },
    credit: { USDT: amountOut },
  });
  await expectNothingMoved(metaMask);
  expect(await asked('__rabby')).toContain('eth_sendTransaction');
  expect(await asked('__wallet')).toEqual([]);

  // A reload: the wallet picked comes back with no chooser and no prompt; MetaMask, still
  // in the page, is asked nothing.
  await page.reload();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  await expect(chooser).toHaveCount(0);
  expect((await events(page, 'connect'))[0]!.event).toMatchObject({ address: rabbyAccount });
  expect(await asked('__rabby')).not.toContain('eth_requestAccounts');
  expect(await asked('__wallet')).toEqual([]);
});

test('TRON: the partner page’s TronLink swaps through the widget and onSwap reports what arrived', async ({
  page,
  tronAccount,
}) => {
  const owner = tronAccount.address;
  await setResources(owner, 50_000_000);
  await withTronLink(page, tronAccount);
  await openPartner(page, {
    network: 'TRON',
    tokens: ['TRX', 'USDT', 'JM'],
    fromToken: 'TRX',
    toToken: 'USDT',
  });
  await expect(swapBox(page).getByRole('button', { name: 'Sell token: TRX' })).toBeVisible();
  const before = await ledger('TRON', owner, ['TRX', 'USDT']);

  const { swap, quoted } = await connectAndSwap(page, '50', 'TronLink');

  expect(swap).toEqual(
    expect.objectContaining({
      network: 'TRON',
      symbolIn: 'TRX',
      amountIn: '50',
      symbolOut: 'USDT',
    }),
  );
  await expectLanded(before, {
    txs: 1,
    debit: { TRX: quoted.amountIn },
    credit: { USDT: quoted.amountOut },
  });
  expect(units(swap.amountOut!, 6)).toBe(quoted.amountOut);
  await page.screenshot({ path: test.info().outputPath('widget-sdk-tron.png'), fullPage: true });

  // A reload: TronLink, still granting the page, is back in the widget with no click.
  await page.reload();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  expect((await events(page, 'connect'))[0]!.event).toMatchObject({ address: owner });
});

test('TRON: TronLink locked in the partner page: the widget shows CONNECT WALLET; unlocked, it connects again and swaps', async ({
  page,
  tronAccount,
}) => {
  const owner = tronAccount.address;
  await setResources(owner, 50_000_000);
  await withTronLink(page, tronAccount);
  await openPartner(page, { network: 'TRON', fromToken: 'TRX', toToken: 'USDT' });
  const mock = (action: 'lock' | 'unlock') =>
    page.evaluate(
      (a) =>
        (window as unknown as { __tronLinkMock: Record<string, () => void> }).__tronLinkMock[a]!(),
      action,
    );
  const connect = swapBox(page).getByRole('button', { name: 'CONNECT WALLET' });
  await connect.click();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  await mock('lock');
  await expect(connect).toBeVisible();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toHaveCount(0);

  await mock('unlock');
  await connect.click();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  const before = await ledger('TRON', owner, ['TRX', 'USDT']);
  const amountOut = await swapInWidget(page, '50');
  await expectLanded(before, { txs: 1, debit: { TRX: 50_000_000n }, credit: { USDT: amountOut } });
});

test('TRON: the partner’s TronLink on another network (Nile): the widget says so and nothing is signed; its node back on TRON, the swap lands', async ({
  page,
  tronAccount,
}) => {
  const owner = tronAccount.address;
  await setResources(owner, 50_000_000);
  await withTronLink(page, tronAccount);
  // TronLink's node is Nile's: its genesis block (the widget's own reads keep the TRON node).
  const NILE_GENESIS = '0000000000000000d698d4192c56cb6be724a558448e2684802de4d6cd8690dc';
  const onNile = async (route: import('@playwright/test').Route) => {
    const request = route.request();
    if (request.frame() !== page.mainFrame() || !/"num":\s*0\b/.test(request.postData() ?? ''))
      return route.fallback();
    const genesis = (await (await route.fetch()).json()) as { blockID: string };
    return route.fulfill({ json: { ...genesis, blockID: NILE_GENESIS } });
  };
  await page.route(`${TRON_NODE}/wallet/getblockbynum`, onNile);
  await openPartner(page, { network: 'TRON', fromToken: 'TRX', toToken: 'USDT' });
  await swapBox(page).getByRole('button', { name: 'CONNECT WALLET' }).click();
  const swapButton = swapBox(page).getByRole('button', { name: 'SWAP', exact: true });
  await expect(swapButton).toBeVisible();
  const before = await ledger('TRON', owner, ['TRX', 'USDT']);
  await swapBox(page).getByRole('textbox', { name: 'Tokens to swap' }).fill('50');
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  await swapButton.click();
  await expect(
    widget(page).getByText('Your wallet is on another network. Switch it to TRON to continue.'),
  ).toBeVisible();
  expect(await tronLinkSignatures(page)).toBe(0);
  await expectNothingMoved(before);

  // The user picks TRON's node in TronLink (setNode): the same swap goes through.
  await page.unroute(`${TRON_NODE}/wallet/getblockbynum`, onNile);
  await page.evaluate(
    (host) =>
      (
        window as unknown as { __tronLinkMock: { switchNode(h: string): void } }
      ).__tronLinkMock.switchNode(host),
    TRON_NODE,
  );
  const amountOut = await swapInWidget(page, '50');
  await expectLanded(before, { txs: 1, debit: { TRX: 50_000_000n }, credit: { USDT: amountOut } });
});

test('a partner page with no TRON wallet: CONNECT WALLET says so in the widget; with TronLink it connects', async ({
  page,
  tronAccount,
}) => {
  await openPartner(page, { network: 'TRON' });
  await swapBox(page).getByRole('button', { name: 'CONNECT WALLET' }).click();
  // Said to the visitor in the widget, not only to the host's onError.
  await expect(
    widget(page).getByText(/^No TRON wallet answered on this page\. Install or unlock TronLink/),
  ).toBeVisible();
  await expect.poll(() => events(page, 'error')).toHaveLength(1);
  await expect(widget(page).getByText('Wallet connection declined')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('widget-sdk-no-wallet.png') });
  // The way back: the visitor installs TronLink and reloads.
  await withTronLink(page, tronAccount);
  await page.reload();
  await swapBox(page).getByRole('button', { name: 'CONNECT WALLET' }).click();
  await expect(swapBox(page).getByRole('button', { name: 'SWAP', exact: true })).toBeVisible();
  await expect.poll(() => events(page, 'connect')).toHaveLength(1);
});

test('the iframe follows the widget’s height', async ({ page }) => {
  await openPartner(page, { network: 'BSC' });
  const iframe = page.locator('#jmswap iframe');
  await expect(swapBox(page)).toContainText('TOKEN SWAP');
  const content = () =>
    widget(page)
      .locator('#root')
      .evaluate((el) => Math.ceil(Math.max(el.scrollHeight, el.getBoundingClientRect().height)));
  const frameHeight = () => iframe.evaluate((el) => el.getBoundingClientRect().height);
  await expect.poll(async () => (await frameHeight()) === (await content())).toBe(true);
  const closed = await frameHeight();
  await page.screenshot({ path: test.info().outputPath('widget-sdk-initial.png'), fullPage: true });
  // A quote adds its details (minimum received, fee, route) below the fields.
  await swapBox(page).getByRole('textbox', { name: 'Tokens to swap' }).fill('1');
  // The details come with the quote, after the USD line: measure once everything has arrived.
  await expect(swapBox(page)).toHaveAttribute('data-quote-out', /\d+/);
  await expect(swapBox(page).getByText('Minimum received')).toBeVisible();
  await expect.poll(frameHeight).toBeGreaterThan(closed);
  await expect.poll(async () => (await frameHeight()) === (await content())).toBe(true);
  await page.screenshot({ path: test.info().outputPath('widget-sdk-height.png'), fullPage: true });
  // No scrollbar inside the frame: its document is no taller than the frame (the height message
  // follows a resize by a frame or two).
  await expect
    .poll(() =>
      widget(page)
        .locator('html')
        .evaluate((el) => el.scrollHeight - el.clientHeight),
    )
    .toBeLessThanOrEqual(0);
});

test('tokens limits both selectors', async ({ page }) => {
  await openPartner(page, { network: 'BSC', tokens: ['BNB', 'USDT', 'BUSD', 'NOPE'] });
  const picker = widget(page).getByTestId('token-picker');
  const offered = async (label: string) => {
    await swapBox(page)
      .getByRole('button', { name: new RegExp(`^${label}: `) })
      .click();
    await expect(picker).toBeVisible();
    const keys = await picker
      .locator('[role="option"][data-token]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-token')));
    // The widget imports nothing: an address finds no token and offers no import.
    await picker.getByRole('combobox', { name: 'Search tokens' }).fill('0x' + '12'.repeat(20));
    await expect(picker.locator('[role="option"][data-token]')).toHaveCount(0);
    await expect(picker.getByRole('button', { name: /^Import/ })).toHaveCount(0);
    await picker.getByRole('button', { name: 'Close' }).click();
    await expect(picker).toBeHidden();
    return keys.sort();
  };
  expect(await offered('Sell token')).toEqual(['BNB', 'BUSD', 'USDT']);
  expect(await offered('Receive token')).toEqual(['BNB', 'BUSD', 'USDT']);
});

test('a style option with a script payload changes nothing', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  const buttonStyle = async () => {
    const button = swapBox(page).getByRole('button', { name: 'CONNECT WALLET' });
    await expect(button).toBeVisible();
    return button.evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.backgroundColor, s.color, s.backgroundImage, s.borderRadius].join('|');
    });
  };
  await openPartner(page, { network: 'BSC' });
  const plain = await buttonStyle();

  await openPartner(page, {
    network: 'BSC',
    textColor: `</style><script>parent.postMessage("pwned","http://localhost:${HOST_PORT}");window.pwned=1</script>`,
    backgroundImage: 'url(javascript:window.pwned=1)',
    shadow: 'expression(window.pwned=1)',
    buttonStyle: {
      backgroundColor: 'red;}</style><img src=x onerror="window.pwned=1">',
      backgroundImage: 'url(https://evil.example/x.png)',
    },
  });
  expect(await buttonStyle()).toBe(plain);
  const frame = page.frames().find((f) => f.url().startsWith(`${SHELL}/widget`))!;
  expect(
    await frame.evaluate(() => (window as unknown as { pwned?: number }).pwned),
  ).toBeUndefined();
  // The payload is nowhere in the widget's document, as markup or as a rule.
  expect(await frame.evaluate(() => document.documentElement.outerHTML.includes('pwned'))).toBe(
    false,
  );
  const rules = await frame.evaluate(() =>
    Array.from(document.styleSheets)
      .flatMap((sheet) => Array.from(sheet.cssRules).map((r) => r.cssText))
      .join('\n'),
  );
  expect(rules).not.toMatch(/pwned|javascript|evil\.example|expression/);
  expect(warnings.filter((w) => w.includes('[widget] option'))).toHaveLength(5);
});

test('a page on a third origin can neither frame the site’s pages nor drive the widget', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/frame-ancestors/.test(m.text())) refused.push(m.text());
  });
  await page.goto(`http://localhost:${EVIL_PORT}/frames.html`);
  await expect.poll(() => refused.length).toBeGreaterThanOrEqual(2);
  for (const id of ['site', 'widget']) {
    const frame = await page.locator(`iframe#${id}`).contentFrame();
    await expect(frame.locator('#root')).toHaveCount(0);
  }

  // The SDK on a host that widget.json does not list: the widget is refused (its page's
  // frame-ancestors), nothing is asked.
  const refusedBefore = refused.length;
  await openPartner(page, { network: 'BSC' }, EVIL_PORT);
  await expect.poll(() => refused.length).toBeGreaterThan(refusedBefore);
  await expect(widget(page).locator('#root')).toHaveCount(0);
  expect(await events(page, 'connect')).toEqual([]);
  expect(await events(page, 'height')).toEqual([]);
});

test('the host changes network and slippage later; the site’s SELECTED_NETWORK stays as it was', async ({
  page,
}) => {
  await page.goto(`${SHELL}/?n=ETH`);
  await page.evaluate(() => localStorage.setItem('SELECTED_NETWORK', 'ETH'));
  await openPartner(page, { network: 'BSC', slippage: 1 });
  await expect(swapBox(page).getByRole('button', { name: 'Sell token: BNB' })).toBeVisible();
  await expect(swapBox(page)).toContainText('Slippage 1.00%');

  await page.evaluate(() =>
    (window as unknown as { widget: { update(o: object): void } }).widget.update({
      network: 'TRON',
      slippage: 2.5,
    }),
  );
  await expect(swapBox(page).getByRole('button', { name: 'Sell token: TRX' })).toBeVisible();
  await expect(swapBox(page)).toContainText('Slippage 2.50%');
  const frame = page.frames().find((f) => f.url().startsWith(`${SHELL}/widget`))!;
  expect(await frame.evaluate(() => localStorage.getItem('SELECTED_NETWORK'))).toBe('ETH');
});
