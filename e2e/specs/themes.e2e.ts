import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { HOST_PORT } from '../fixtures/stack';

// Themes: every route in light and dark, at a phone's and a desktop's width, with
// no colour-contrast failure (axe; and once per route, no failure of any of its WCAG 2.1 AA
// rules or best practices) and a screenshot of each kept with the report. One page for
// the whole file: the theme and the viewport change in place, the way a visitor changes them.
const ROUTES: [string, string][] = [
  ['index', '/'],
  ['add-liquidity', '/?t=addLiquidity'],
  ['charts', '/charts'],
  ['pools', '/pools'],
  ['listing', '/listing'],
  ['info', '/info'],
  ['help', '/help'],
];
const WIDTHS = [1280, 375];
const THEME_KEY = 'JMSWAP_THEME';
const LIGHT_BG = 'rgb(244, 245, 250)';
const DARK_BG = 'rgb(15, 18, 34)';

test.describe.configure({ mode: 'serial' });

let page: Page;
test.beforeAll(async ({ browser }) => {
  // A context of its own (axe needs one), shared by every test of the file.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
test.afterAll(() => page.context().close());

const html = () => page.locator('html');
const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** A token's colour as the browser computes it (rgb(...)). */
const token = (name: string) =>
  page.evaluate((t) => {
    const probe = document.createElement('i');
    probe.style.color = `var(${t})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, name);

/** The route's own content is in: a remote, its fallback, or a static page. */
async function settled() {
  await expect(
    page.locator('main').locator('[data-remote], [data-remote-error], .jm-static').first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Switches with the header's button, the way a visitor on a wide screen does. */
async function switchTheme(theme: 'light' | 'dark') {
  if ((await html().getAttribute('data-theme')) === theme) return;
  await page
    .getByRole('button', { name: `Switch to ${theme} theme` })
    .first()
    .click();
  await expect(html()).toHaveAttribute('data-theme', theme);
}

/** A screenshot kept with the test's report (and in its test-results folder). */
async function keepShot(info: TestInfo, name: string, fullPage = true) {
  const path = info.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await info.attach(`${name}.png`, { path, contentType: 'image/png' });
}

/**
 * Every WCAG 2.1 A and AA rule axe checks, and its best practices (a level-one heading, landmarks,
 * names): once per route, the contrast being checked in each theme and width below.
 */
async function accessibilityViolations(info: TestInfo, name: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
  );
  if (found.length) await info.attach(`${name}-axe.txt`, { body: found.join('\n') });
  return found;
}

/** `within`: only there (a frame's selector, then the selector inside it). */
async function contrastViolations(info: TestInfo, name: string, within?: string[]) {
  const axe = new AxeBuilder({ page }).withRules(['color-contrast']);
  if (within) axe.include(within);
  const { violations } = await axe.analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
  );
  if (found.length) await info.attach(`${name}-contrast.txt`, { body: found.join('\n') });
  return found;
}

test('every route in both themes, at 375 and 1280 px: no colour-contrast failure (nor any other of axe)', async () => {
  const info = test.info();
  test.setTimeout(240000);
  await page.goto('/');
  await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_KEY);
  // A step per route, page and shot: the report shows where the walk's time goes.
  for (const [name, url] of ROUTES)
    await test.step(name, async () => {
      await test.step('load', async () => {
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(url);
        await settled();
      });
      const found = await test.step('axe, every rule', () => accessibilityViolations(info, name));
      expect.soft(found, name).toEqual([]);
      for (const theme of ['dark', 'light'] as const) {
        await page.setViewportSize({ width: 1280, height: 900 });
        await switchTheme(theme);
        expect(await bodyBackground()).toBe(theme === 'light' ? LIGHT_BG : DARK_BG);
        for (const width of WIDTHS) {
          const shot = `${name}-${theme}-${width}`;
          await test.step(shot, async () => {
            await page.setViewportSize({ width, height: 900 });
            await test.step('screenshot', () => keepShot(info, shot));
            const found = await test.step('axe', () => contrastViolations(info, shot));
            expect.soft(found, shot).toEqual([]);
          });
        }
      }
    });
});

test('the wallet chooser and the charts follow the theme', async () => {
  const info = test.info();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/charts');
  await settled();
  // The pointer on the light chart brings Highcharts.
  await page.locator('figure[data-chart="candle"]').hover();
  const yLabel = page.locator('.highcharts-yaxis-labels text').first();
  for (const theme of ['light', 'dark'] as const) {
    await switchTheme(theme);
    // Highcharts paints colour values, not variables: it drew again with the new tokens.
    await expect
      .poll(() => yLabel.evaluate((e) => getComputedStyle(e).fill))
      .toBe(await token('--muted'));
  }
  await page.goto('/?n=BSC');
  await settled();
  await switchTheme('light');
  await page.getByRole('button', { name: 'CONNECT WALLET' }).first().click();
  const chooser = page.getByRole('dialog');
  await expect(chooser).toBeVisible();
  expect(await chooser.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
    await token('--card'),
  );
  await keepShot(info, 'wallet-chooser-light', false);
  expect(await contrastViolations(info, 'wallet-chooser-light')).toEqual([]);
});

test('the choice is remembered across a reload; the phone menu switches too', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/pools');
  await settled();
  await switchTheme('dark');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html()).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html()).toHaveAttribute('data-theme', 'light');
  expect(await bodyBackground()).toBe(LIGHT_BG);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
});

test('a first visit follows the system; a corrupt stored value is ignored; no flash on load', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((key) => localStorage.removeItem(key), THEME_KEY);
    await page.reload();
    await expect(html()).toHaveAttribute('data-theme', scheme);
  }
  await page.evaluate((key) => localStorage.setItem(key, '{"theme":"light"}'), THEME_KEY);
  await page.reload();
  await expect(html()).toHaveAttribute('data-theme', 'dark');
  // Only the html's inline head script runs: it alone picks the theme, before the first paint.
  await page.evaluate((key) => localStorage.setItem(key, 'light'), THEME_KEY);
  await page.route(/\.js(\?|$)/, (route) => route.abort());
  await page.goto('/charts');
  await expect(html()).toHaveAttribute('data-theme', 'light');
  expect(await bodyBackground()).toBe(LIGHT_BG);
  await page.unroute(/\.js(\?|$)/);
  await page.emulateMedia({ colorScheme: null });
});

test("the widget takes the light theme from its host's option", async () => {
  const info = test.info();
  // The system says dark: light can only come from the option.
  await page.emulateMedia({ colorScheme: 'dark' });
  const options = { network: 'BSC', theme: 'light' };
  await page.goto(
    `http://localhost:${HOST_PORT}/sdk.html?o=${encodeURIComponent(JSON.stringify(options))}`,
  );
  const frame = page.frameLocator('#jmswap iframe');
  await expect(frame.locator('[data-remote="swap"]')).toContainText('TOKEN SWAP');
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'light');
  const card = frame.locator('.jm-card[data-remote="swap"]');
  expect(await card.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
    'rgb(255, 255, 255)',
  );
  await keepShot(info, 'widget-light');
  expect(await contrastViolations(info, 'widget-light')).toEqual([]);
  await page.emulateMedia({ colorScheme: null });
});

test("a host's dark card and light text: the dark theme reads everywhere, and on the light theme the token buttons keep its text colour", async () => {
  const info = test.info();
  const dark = { backgroundColor: 'rgba(15, 23, 42, 0.92)', textColor: '#e2e8f0' };
  const open = async (theme: string) => {
    const options = { network: 'BSC', theme, ...dark };
    await page.goto(
      `http://localhost:${HOST_PORT}/sdk.html?o=${encodeURIComponent(JSON.stringify(options))}`,
    );
    const frame = page.frameLocator('#jmswap iframe');
    await expect(frame.locator('[data-remote="swap"]')).toContainText('TOKEN SWAP');
    await expect(frame.locator('html')).toHaveAttribute('data-theme', theme);
    return frame;
  };
  await open('dark');
  await keepShot(info, 'widget-host-dark-card');
  // The card: what the host's colours and the theme draw together (the branding line under it
  // sits on the host's own page, whose colour only the host knows: lightBranding).
  const card = ['#jmswap iframe', '.jm-card[data-remote="swap"]'];
  expect(await contrastViolations(info, 'widget-host-dark-card', card)).toEqual([]);
  // The light theme's buttons are light: their symbol in the host's light text would vanish.
  const frame = await open('light');
  const colour = (name: RegExp) =>
    frame
      .getByRole('button', { name })
      .first()
      .evaluate((e) => getComputedStyle(e).color);
  expect(await colour(/^Sell token/)).toBe('rgb(22, 26, 46)'); // the light theme's --text
  expect(await colour(/^Switch direction/)).toBe('rgb(22, 26, 46)');
  // The amount fields (their balance line) too.
  const field = frame.locator('.jm-field').first();
  expect(await field.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(22, 26, 46)');
});

test('Windows high contrast (forced colours): the chosen network, tab, token, slippage and chart span stand apart; buttons and amount fields have a frame', async () => {
  const info = test.info();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ forcedColors: 'active' });
  const look = (l: ReturnType<Page['locator']>) =>
    l.evaluate((e) => {
      const s = getComputedStyle(e);
      return { background: s.backgroundColor, border: s.borderTopStyle, outline: s.outlineStyle };
    });
  /** The chosen one of a group against one not chosen: the background tells them apart. */
  const standsApart = async (chosen: ReturnType<Page['locator']>, other: typeof chosen) =>
    expect((await look(chosen)).background).not.toBe((await look(other)).background);

  await page.goto('/?n=BSC');
  await settled();
  await standsApart(
    page.getByRole('tab', { name: 'BSC', exact: true }),
    page.getByRole('tab', { name: 'TRON', exact: true }),
  );
  await standsApart(
    page.getByRole('tab', { name: 'Swap', exact: true }),
    page.getByRole('tab', { name: 'Liquidity', exact: true }),
  );
  const box = page.locator('[data-remote="swap"]');
  for (const framed of [box.locator('.jm-field').first(), box.locator('.jm-button').last()])
    expect((await look(framed)).border).toBe('solid');
  await keepShot(info, 'forced-colours-swap', false);

  await box.getByRole('button', { name: /^Slippage/ }).click();
  await standsApart(
    box.getByRole('button', { name: '5.00%', exact: true }),
    box.getByRole('button', { name: '1.00%', exact: true }),
  );
  await box.getByRole('button', { name: /^Slippage/ }).click();

  await box.getByRole('button', { name: /^Receive token: / }).click();
  const picker = page.getByTestId('token-picker');
  await picker.getByRole('combobox', { name: 'Search tokens' }).press('ArrowDown');
  await expect(picker.locator('.jm-picker-active')).toHaveCount(1);
  expect((await look(picker.locator('.jm-picker-active'))).outline).toBe('solid');
  await keepShot(info, 'forced-colours-picker', false);
  await page.keyboard.press('Escape');

  await page.goto('/charts?n=BSC');
  await settled();
  await standsApart(
    page.getByRole('button', { name: '1W' }),
    page.getByRole('button', { name: '1M' }),
  );
  await keepShot(info, 'forced-colours-charts', false);
  await page.emulateMedia({ forcedColors: null });
});
