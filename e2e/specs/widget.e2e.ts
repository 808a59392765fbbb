import { expect, test, type Frame, type Page } from '@playwright/test';
import { EVIL_PORT, HOST_PORT, PORTS, SHELL_PORT } from '../fixtures/stack';

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

  // a frame from another origin tries to configure the widget: ignored
  const evil = page.frames().find((f) => f.url().startsWith(`http://localhost:${EVIL_PORT}/`));
  await evil!.evaluate(() =>
    (window as unknown as { attack: (o: object) => void }).attack({ network: 'ETH' }),
  );
  await page.waitForTimeout(500);
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
  await page.goto(`http://localhost:${EVIL_PORT}/host.html`);
  const frame = await page.locator('iframe#widget').contentFrame();
  await page.evaluate(() =>
    (window as unknown as { sendOptions: (o: object) => void }).sendOptions({ network: 'BSC' }),
  );
  await page.waitForTimeout(500);
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
