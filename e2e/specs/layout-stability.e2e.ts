import { expect, test } from '@playwright/test';

/**
 * Nothing jumps while a page fills in: on a phone, the layout shifts a reader did not cause
 * (prices, figures, charts and remote screens arriving) add up to less than 0.1, the level
 * browsers call good. A shift moves what the reader is about to tap or read.
 */
const PAGES: [string, string][] = [
  ['/', '[data-testid="price-from"]'],
  ['/?n=BSC', '[data-testid="price-from"]'],
  ['/charts', '[aria-label="Pair figures"]'],
  ['/charts?n=BSC', '[aria-label="Pair figures"]'],
  ['/pools', '[data-testid="reserve-a"]'],
  ['/listing', 'form button'],
  ['/info', 'h2'],
];

test.use({ viewport: { width: 375, height: 800 } });

for (const [path, filled] of PAGES)
  test(`${path} fills in without moving what is on screen`, async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number; __moved: string[] };
      w.__shift = 0;
      w.__moved = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node | null }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          w.__shift += entry.value;
          for (const s of entry.sources)
            w.__moved.push(s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : '(text)');
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    await expect(page.locator(filled).filter({ hasText: /\S/ }).first()).toBeVisible();
    // What comes after the first figures (history, charts, remote styles) has arrived by then.
    await page.waitForLoadState('networkidle');
    const { shift, moved } = await page.evaluate(() => {
      const w = window as unknown as { __shift: number; __moved: string[] };
      return { shift: w.__shift, moved: w.__moved };
    });
    expect(shift, `moved: ${moved.join(' | ')}`).toBeLessThan(0.1);
  });
