import { expect, test, type Page } from '@playwright/test';
import { pickToken } from '../fixtures/picker';

const analytics = (page: Page) =>
  page.evaluate(() =>
    (
      (window as unknown as { __JMSWAP_ANALYTICS__?: { name: string }[] }).__JMSWAP_ANALYTICS__ ??
      []
    ).map((e) => e.name),
  );

test('every route renders its remote or its page', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', {
      name: 'The first multi-chain swap with full support for taxed tokens',
    }),
  ).toBeVisible();
  await expect(page.locator('[data-remote="swap"]')).toContainText('TOKEN SWAP');
  // Each page named in its title, for tabs, history and screen readers.
  await expect(page).toHaveTitle('Swap | JMSwap');

  await page.goto('/?t=addLiquidity');
  await expect(page.locator('[data-remote="liquidity"]')).toContainText('LIQUIDITY');
  await expect(page.getByText('Adding and removing liquidity is tax-free')).toBeVisible();
  await expect(page).toHaveTitle('Liquidity | JMSwap');

  await page.goto('/charts');
  await expect(page.locator('[data-remote="charts"]')).toContainText('TRX/JM');
  await expect(page).toHaveTitle('Charts | JMSwap');

  await page.goto('/pools');
  await expect(page.getByTestId('pool-item')).toHaveCount(21);
  await expect(page).toHaveTitle('Pools | JMSwap');

  await page.goto('/listing');
  await expect(page.locator('[data-remote="listing"]')).toContainText('TOKEN LISTING');
  await expect(page).toHaveTitle('List a token | JMSwap');

  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'HOW TO SWAP' })).toBeVisible();
  await expect(page).toHaveTitle('Help center | JMSwap');
  await page.goto('/info');
  await expect(page.getByRole('heading', { name: 'Roadmap' })).toBeVisible();
  await expect(page).toHaveTitle('For projects | JMSwap');
});

test('direct links with n, t, from, to select network, tab and tokens', async ({ page }) => {
  await page.goto('/?n=BSC&t=addLiquidity&from=BNB&to=USDT');
  await expect(page.getByRole('tab', { name: 'BSC' })).toHaveAttribute('aria-selected', 'true');
  // the liquidity screen's own specs check the pair it opens with
  await expect(page.locator('[data-remote="liquidity"]')).toBeVisible();

  await page.goto('/?n=POLY');
  await expect(page.getByRole('button', { name: 'Sell token: USDT' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Receive token: MATIC' })).toBeVisible();

  await page.goto('/pools?n=ETH');
  await expect(page.getByTestId('pool-item')).toHaveText(['ETH/USDT']);

  // charts honours TRON, BSC and POLY only; anything else falls back to TRON
  await page.goto('/charts?n=ETH');
  await expect(page.getByRole('tab', { name: 'TRON' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/?n=NOPE');
  await expect(page.getByRole('tab', { name: 'TRON' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Receive token: JM' })).toBeVisible();
});

test('the pair chosen in the swap box is in the link: a reload and a shared link keep it, Back leaves the page', async ({
  page,
}) => {
  await page.goto('/pools?n=BSC');
  await expect(page.getByTestId('pool-item').first()).toBeVisible();
  await page.goto('/?n=BSC');
  const box = page.locator('[data-remote="swap"]');
  await expect(box.getByRole('button', { name: 'Receive token: USDT' })).toBeVisible();
  await expect(page).toHaveURL(/\/\?n=BSC$/); // the pair it opened with is the link's already
  await pickToken(page, box, 'Receive token', 'BUSD');
  await expect(page).toHaveURL(/\/\?n=BSC&from=BNB&to=BUSD$/);
  await box.getByRole('button', { name: 'Switch direction' }).click();
  await expect(page).toHaveURL(/\/\?n=BSC&from=BUSD&to=BNB$/);
  // The same page still: no second route entry logged.
  expect((await analytics(page)).filter((name) => name === 'ROUTE_INDEX')).toHaveLength(1);
  await page.reload();
  await expect(box.getByRole('button', { name: 'Sell token: BUSD' })).toBeVisible();
  await expect(box.getByRole('button', { name: 'Receive token: BNB' })).toBeVisible();
  // Each token tried replaced the entry: Back goes to the page before, not the pair before.
  await page.goBack();
  await expect(page).toHaveURL(/\/pools\?n=BSC$/);
});

test('a link naming no token opens the defaults for that side and loses the unknown symbol', async ({
  page,
}) => {
  await page.goto('/?n=BSC&from=XYZ&to=BUSD');
  const box = page.locator('[data-remote="swap"]');
  await expect(box.getByRole('button', { name: 'Sell token: BNB' })).toBeVisible();
  await expect(box.getByRole('button', { name: 'Receive token: BUSD' })).toBeVisible();
  // Cleared (the spec): a reload or a copy of the link opens what the box shows.
  await expect(page).toHaveURL(/\/\?n=BSC&to=BUSD$/);
  await page.reload();
  await expect(box.getByRole('button', { name: 'Receive token: BUSD' })).toBeVisible();

  await page.goto('/?n=BSC&t=addLiquidity&from=BNB&to=%3Cb%3ENOPE');
  const panel = page.locator('[data-remote="liquidity"]');
  // Its positions, as with no pair in the link (no wallet here: the step asks for one).
  await expect(panel.getByRole('heading', { name: 'Your liquidity' })).toBeVisible();
  await expect(page).toHaveURL(/\/\?n=BSC&t=addLiquidity&from=BNB$/);
});

test('from an open add the Swap tab opens on its pair; the Liquidity tab opens on the positions', async ({
  page,
}) => {
  await page.goto('/?n=BSC&t=addLiquidity&from=BNB&to=BUSD');
  await expect(page.locator('[data-remote="liquidity"]')).toBeVisible();
  await page.getByRole('tab', { name: 'Swap' }).click();
  await expect(page).toHaveURL(/\/\?n=BSC&t=swap&from=BNB&to=BUSD$/);
  const box = page.locator('[data-remote="swap"]');
  await expect(box.getByRole('button', { name: 'Sell token: BNB' })).toBeVisible();
  await expect(box.getByRole('button', { name: 'Receive token: BUSD' })).toBeVisible();
  await page.getByRole('tab', { name: 'Liquidity' }).click();
  await expect(page).toHaveURL(/\/\?n=BSC&t=addLiquidity$/);
  await expect(page.locator('[data-remote="liquidity"]')).toBeVisible();
});

test('the chosen network tab survives a reload', async ({ page }) => {
  await page.goto('/pools');
  await page.getByRole('tab', { name: 'BTTC' }).click();
  await expect(page).toHaveURL(/n=BTTC/);
  await expect(page.getByTestId('pool-item')).toHaveText(['BTT/TRX']);
  expect(await page.evaluate(() => localStorage.getItem('SELECTED_NETWORK'))).toBe('BTTC');

  await page.goto('/pools');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'BTTC' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('pool-item')).toHaveText(['BTT/TRX']);
});

test('Back after a network tab returns to the network before, also on a page a menu link opened', async ({
  page,
}) => {
  const selected = () =>
    page.getByRole('tablist', { name: 'Networks' }).getByRole('tab', { selected: true });
  const box = page.locator('[data-remote="swap"]');
  await page.goto('/');
  await expect(box.getByRole('button', { name: 'Sell token: TRX' })).toBeVisible();
  await page.getByRole('tab', { name: 'BSC', exact: true }).click();
  await expect(box.getByRole('button', { name: 'Sell token: BNB' })).toBeVisible();
  await page.goBack();
  await expect(selected()).toHaveText('TRON');
  await expect(box.getByRole('button', { name: 'Sell token: TRX' })).toBeVisible();
  await page.goForward();
  await expect(selected()).toHaveText('BSC');
  // The charts page from the menu (its link names no network), then POLY.
  await page.getByRole('link', { name: 'Charts', exact: true }).click();
  const heading = page.getByRole('heading', { level: 2 });
  await expect(heading).toContainText('BNB/USDT');
  await page.getByRole('tab', { name: 'POLY', exact: true }).click();
  await expect(heading).toContainText('MATIC');
  await page.goBack();
  await expect(selected()).toHaveText('BSC');
  await expect(heading).toContainText('BNB/USDT');
  await expect(page).toHaveURL(/\/charts\?n=BSC$/);
  // The selected tab adds no entry: Back from here is the swap page.
  await selected().click();
  await page.goBack();
  await expect(page).toHaveURL(/\/\?n=BSC$/);
  await expect(box.getByRole('button', { name: 'Sell token: BNB' })).toBeVisible();
  // The charts page's own network buttons, the same way.
  await page.getByRole('link', { name: 'Charts', exact: true }).click();
  await expect(heading).toContainText('BNB/USDT');
  await page
    .getByRole('navigation', { name: 'Chart networks' })
    .getByRole('button', { name: 'TRON' })
    .click();
  await expect(heading).toContainText('JM');
  await page.goBack();
  await expect(selected()).toHaveText('BSC');
  await expect(heading).toContainText('BNB/USDT');
});

test('the sub-menu highlights the active route and each route logs ROUTE_<name>', async ({
  page,
}) => {
  await page.goto('/');
  const submenu = page.getByRole('navigation', { name: 'Sub-menu' });
  await expect(submenu.getByRole('link', { name: 'Swap' })).toHaveClass(/active/);
  await submenu.getByRole('link', { name: 'Pools' }).click();
  await expect(submenu.getByRole('link', { name: 'Pools' })).toHaveClass(/active/);
  await expect(submenu.getByRole('link', { name: 'Swap' })).not.toHaveClass(/active/);
  await submenu.getByRole('link', { name: 'Help center' }).click();
  await expect(submenu.getByRole('link', { name: 'Help center' })).toHaveClass(/active/);
  expect(await analytics(page)).toEqual(
    expect.arrayContaining(['ROUTE_INDEX', 'ROUTE_POOLS', 'ROUTE_HELP']),
  );
});

test('the header shows the menu, CONNECT WALLET opens the wallet chooser, and the footer links', async ({
  page,
}) => {
  await page.goto('/?n=BSC');
  const menu = page.getByRole('navigation', { name: 'Menu', exact: true });
  for (const item of ['Home', 'Swap', 'Launchpad']) {
    await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  // Not links yet: each says when it comes, to a screen reader here (the one-line header shows
  // it as the title) and on a phone's folded menu (phone.e2e.ts).
  for (const item of [
    'Cross-chain Coming soon',
    'Payments Coming in 2022',
    'Store Coming in 2022',
  ]) {
    const soon = menu.getByText(item, { exact: true });
    await expect(soon).toBeVisible();
    // Polled: the built first frame's menu gives way to the app's meanwhile.
    await expect
      .poll(async () => (await soon.locator('small').boundingBox())?.width ?? 99)
      .toBeLessThanOrEqual(1);
  }
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  const chooser = page.getByRole('dialog', { name: 'Connect a wallet' });
  await expect(chooser.getByRole('button')).toContainText([
    'Browser wallet (MetaMask)',
    'Mobile wallet (WalletConnect)',
    'Binance Wallet',
  ]);
  // not a money flow: the wallet chooser's Cancel closes it
  await chooser.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tab', { name: 'POLY' }).click();
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Connect a wallet' }).getByText('Binance Wallet'),
  ).toHaveCount(0);
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'List your token' }),
  ).toBeVisible();
});

test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

  test('each route arrives drawn: its texts show, it fits a phone, and it takes no input', async ({
    page,
  }) => {
    const firstFrames: [string, string, string][] = [
      ['/', 'The first multi-chain swap with full support for taxed tokens', 'Swap'],
      // The built page of / is the swap's: the title says Liquidity once the app runs.
      ['/?n=BSC&t=addLiquidity', 'Loading...', 'Swap'],
      ['/charts', 'Loading...', 'Charts'],
      ['/info', 'Roadmap', 'For projects'],
      ['/help', 'HOW TO SWAP', 'Help center'],
      ['/no-such-page', 'This page does not exist.', 'Page not found'],
    ];
    for (const [path, text, title] of firstFrames) {
      // Whatever encoding a browser takes, the drawn page comes (never a bare template twin).
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await page.request.get(path, { headers: { 'Accept-Encoding': encoding } });
        expect(await res.text(), `${path} as ${encoding}`).toContain(text);
      }
      await page.goto(path);
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      // The built page of / carries the liquidity subtitle for the head script to show.
      await expect(
        page.getByText('Adding and removing liquidity is tax-free', { exact: true }),
      ).toBeHidden();
      await expect(page).toHaveTitle(`${title} | JMSwap`);
      await expect(
        page.locator('header').getByText('CONNECT WALLET', { exact: true }),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      // A click before the app runs would be lost: the static copy cannot be focused or clicked.
      // One frame per language, English shown where no script ran.
      await expect(page.locator('.jm-prerendered')).toHaveCount(2);
      for (const frame of await page.locator('.jm-prerendered').all())
        await expect(frame).toHaveAttribute('inert', '');
      await expect(page.locator('.jm-prerendered[data-language="zh-CN"]')).toBeHidden();
      // ... whose ids stay unique in the page.
      const ids = await page.evaluate(() =>
        [...document.querySelectorAll('[id]')].map((e) => e.id),
      );
      expect(
        ids.filter((id, at) => ids.indexOf(id) !== at),
        path,
      ).toEqual([]);
      // ... and says why nothing answers when scripts stay off.
      await expect(page.locator('.jm-noscript')).toContainText('JMSwap needs JavaScript');
      await expect(page.locator('.jm-noscript')).toBeVisible();
    }
  });
});

test('the first frame shows the network and tab the address chooses, as the app then does', async ({
  page,
}) => {
  // The shell's main script held back: what a slow line shows for seconds.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/?n=POLY&t=addLiquidity');
  const background = (selector: string) =>
    page
      .locator(selector)
      .filter({ visible: true })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  const network = (id: string) => `.jm-network-tabs button[data-network="${id}"]`;
  const tab = (id: string) => `.jm-tabs a[data-tab="${id}"]`;
  await expect(page.locator('.jm-prerendered')).toHaveCount(2);
  const first = {
    poly: await background(network('POLY')),
    tron: await background(network('TRON')),
    liquidity: await background(tab('addLiquidity')),
    swap: await background(tab('swap')),
  };
  expect(first.poly).not.toBe(first.tron);
  expect(first.liquidity).not.toBe(first.swap);
  await expect(page).toHaveTitle('Liquidity | JMSwap');
  // The liquidity tab's subtitle is in place: nothing moves down when the app draws it.
  const subtitle = page.getByText('Adding and removing liquidity is tax-free', { exact: true });
  await expect(subtitle).toBeVisible();
  const subtitleAt = (await subtitle.boundingBox())?.y;

  release();
  await expect(page.locator('.jm-prerendered')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'POLY', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Liquidity', selected: true })).toBeVisible();
  // Nothing changes colour when the app takes over.
  expect(await background(network('POLY'))).toBe(first.poly);
  expect(await background(network('TRON'))).toBe(first.tron);
  expect(await background(tab('addLiquidity'))).toBe(first.liquidity);
  expect(await background(tab('swap'))).toBe(first.swap);
  await expect(subtitle).toBeVisible();
  expect((await subtitle.boundingBox())?.y).toBe(subtitleAt);
});

test('a visitor reading Chinese sees the first frame in Chinese, as the app then shows it', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('JMSWAP_LANGUAGE', 'zh-CN'));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  for (const [path, heading, title] of [
    ['/', '首个全面支持带税代币的多链兑换平台', '兑换'],
    ['/help', '如何兑换', '帮助中心'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('.jm-prerendered')).toHaveCount(2);
    // Before any of the app's scripts: Chinese, and no English text of the frame.
    await expect(page.getByText(heading, { exact: true })).toBeVisible();
    await expect(page.locator('header').getByText('连接钱包', { exact: true })).toBeVisible();
    await expect(page.locator('header').getByText('CONNECT WALLET')).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page).toHaveTitle(`${title} | JMSwap`);
  }
  const headingAt = (await page.getByText('如何兑换', { exact: true }).boundingBox())?.y;
  release();
  await expect(page.locator('.jm-prerendered')).toHaveCount(0);
  await expect(page.getByText('如何兑换', { exact: true })).toBeVisible();
  expect((await page.getByText('如何兑换', { exact: true }).boundingBox())?.y).toBe(headingAt);
});

test('the app replaces the first frame, and its buttons answer', async ({ page }) => {
  await page.goto('/pools?n=BSC');
  await expect(page.getByRole('tab', { name: 'BSC', selected: true })).toBeVisible();
  await expect(page.locator('.jm-prerendered')).toHaveCount(0);
  await page.locator('header').getByRole('button', { name: 'CONNECT WALLET' }).click();
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toBeVisible();
});

test('a first visit downloads each file once, and everything the html preloads is used', async ({
  page,
}) => {
  const unused: string[] = [];
  page.on('console', (m) => {
    if (/preloaded using link preload but not used/.test(m.text())) unused.push(m.text());
  });
  for (const [path, ready] of [
    ['/listing', page.getByRole('button', { name: 'SUBMIT' })],
    ['/', page.getByTestId('price-from').filter({ hasText: /\d/ })],
    ['/info', page.getByRole('heading', { name: 'Roadmap' })],
  ] as const) {
    const fetched = new Map<string, number>();
    const count = (url: string) => fetched.set(url, (fetched.get(url) ?? 0) + 1);
    page.on('request', (r) => count(r.url()));
    await page.goto(path);
    await expect(ready).toBeVisible();
    // Chromium reports a preload still unused about 3 s after the load event, and nothing
    // signals that it will not: this wait is for the absence of that warning.
    await page.waitForTimeout(3500);
    page.removeAllListeners('request');
    const twice = [...fetched].filter(
      ([url, n]) => n > 1 && /\.js$|mf-manifest|remotes\.json|networks\.json/.test(url),
    );
    expect(twice, `${path}: downloaded twice`).toEqual([]);
    // The html's preloads are the page's own chunks and the route's remote: all of them arrive.
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="preload"][as="script"]')].map(
        (l) => (l as HTMLLinkElement).href,
      ),
    );
    expect(preloaded.length, path).toBeGreaterThan(0);
    for (const url of preloaded) expect(fetched.get(url), `${path}: ${url}`).toBe(1);
    // On the swap page the head script also starts the first pool read's files (the shell's
    // warm read and TRON's reader), so the price lines need not wait for them after the boot.
    if (path === '/')
      for (const chunk of [/\/warm-reads\.\w+\.js$/, /\/shared-chain-tron-reader\.\w+\.js$/])
        expect(
          preloaded.filter((url) => chunk.test(url)),
          `${path}: ${chunk}`,
        ).toHaveLength(1);
  }
  expect(unused).toEqual([]);
});
