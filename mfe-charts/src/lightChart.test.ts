import { lightDrawing, tickText } from './lightChart';
import type { ChartPoint } from './chartRules';

const H4 = 4 * 3_600_000;
const DAY0 = Date.UTC(2026, 7, 1);
const candle = (
  i: number,
  open: number,
  close: number,
  high = Math.max(open, close),
  low = Math.min(open, close),
): ChartPoint => ({
  dt: DAY0 + i * H4,
  open,
  high,
  low,
  close,
});
/** Commands of a path: "M 1 2 V 3 M ..." -> how many times `command` occurs. */
const count = (d: string, command: string) => d.split(' ').filter((w) => w === command).length;

describe('lightDrawing', () => {
  it('gathers 3 months of 4-hour candles into daily columns with their open, high, low and close', () => {
    // 90 days, six candles a day, each day rising from its first open to its last close.
    const points = Array.from({ length: 540 }, (_, i) => {
      const base = 1 + Math.floor(i / 6);
      return candle(i, base + (i % 6) * 0.1, base + (i % 6) * 0.1 + 0.1);
    });
    const drawing = lightDrawing('candle', points, 2, 400);
    expect(drawing.width).toBe(90);
    expect(count(drawing.up.bodies, 'M')).toBe(90);
    expect(count(drawing.down.bodies, 'M')).toBe(0);
    expect(drawing.from).toBe('Aug 1');
    expect(drawing.to).toBe('Oct 29');
    expect(lightDrawing('candle', points, 2, 400, 'zh-CN').to).toBe('10月29日');
    // The first day opens at 1 and closes at 1.6 on a scale from 0 to 100.
    expect(drawing.up.bodies.startsWith('M 0.15 98.4 H 0.85 V 99 H 0.15 Z')).toBe(true);
  });

  it("draws each column's USD volume as a bar from the bottom, the largest a fifth of the height", () => {
    const points = [
      { ...candle(0, 1, 2), volume: 500 },
      { ...candle(1, 2, 1), volume: 1000 },
      candle(2, 1, 1),
      { ...candle(3, 1, 2), volume: 0 },
    ];
    const drawing = lightDrawing('candle', points, 2, 400);
    expect(drawing.volume).toBe('M 0.15 100 V 90 H 0.85 V 100 Z M 1.15 100 V 80 H 1.85 V 100 Z');
    // A day's column is its six candles' sum.
    const days = Array.from({ length: 12 }, (_, i) => ({ ...candle(i * 45, 1, 2), volume: i + 1 }));
    const daily = lightDrawing('candle', days, 2, 400);
    expect(count(daily.volume, 'M')).toBe(12);
    // No volume known (an older api), or a line: no bars.
    expect(lightDrawing('candle', [candle(0, 1, 2), candle(1, 2, 1)], 2, 400).volume).toBe('');
    expect(lightDrawing('line', points, 2, 400).volume).toBe('');
  });

  it('sums the volume of the candles a column gathers', () => {
    // 90 days of six candles, each worth $10: one bar a day, all as tall.
    const points = Array.from({ length: 540 }, (_, i) => ({ ...candle(i, 1, 2), volume: 10 }));
    const bars = lightDrawing('candle', points, 2, 400)
      .volume.split(' Z')
      .filter((b) => b.trim());
    expect(bars).toHaveLength(90);
    expect(new Set(bars.map((b) => b.trim().split(' ')[4]))).toEqual(new Set(['80']));
  });

  it('leaves the days without trades empty, at their place in time', () => {
    const drawing = lightDrawing('candle', [candle(0, 2, 1), candle(60, 1, 2)], 2, 400);
    // Ten days apart: few enough buckets for a column each, the 59 between them empty.
    expect(drawing.width).toBe(61);
    expect(drawing.down.wicks).toMatch(/^M 0.5 /);
    expect(drawing.up.wicks).toMatch(/^M 60.5 /);
  });

  it('puts round price ticks from above the highest high to below the lowest low', () => {
    const drawing = lightDrawing('candle', [candle(0, 0.0123, 0.0161, 0.0178, 0.0119)], 5, 400);
    expect(drawing.ticks).toEqual(['0.01800', '0.01600', '0.01400', '0.01200', '0.01000']);
    expect(count(drawing.grid, 'M')).toBe(5);
    // A small chart has fewer ticks.
    expect(lightDrawing('candle', [candle(0, 10, 30)], 0, 140).ticks).toEqual(['30', '20', '10']);
  });

  it('still shows a candle that did not move, and a flat chart', () => {
    const drawing = lightDrawing('candle', [candle(0, 5, 5)], 2, 400);
    expect(drawing.ticks.length).toBeGreaterThan(1);
    const [, top, bottom] = /^M \S+ (\S+) H \S+ V (\S+)/.exec(drawing.up.bodies)!;
    expect(Number(bottom) - Number(top)).toBeGreaterThan(0);
  });

  it('draws the line of the closes through every point', () => {
    const points = [candle(0, 1, 1), candle(1, 1, 3), candle(2, 3, 2)];
    const drawing = lightDrawing('line', points, 1, 140);
    expect(count(drawing.line, 'M') + count(drawing.line, 'L')).toBe(3);
    expect(drawing.line).toMatch(/^M 0 \S+ L 500 \S+ L 1000 /);
  });
});

describe('tickText', () => {
  it('writes the axis decimals and groups thousands with commas', () => {
    expect(tickText(1234567.5, 2)).toBe('1,234,567.50');
    expect(tickText(0.000123, 6)).toBe('0.000123');
    expect(tickText(2500, 0)).toBe('2,500');
  });

  it('writes ticks from a million up compactly, with the decimals the step needs', () => {
    expect(tickText(1e15, 0, 5e14)).toBe('1.0Q');
    expect(tickText(1.25e15, 0, 2.5e14)).toBe('1.25Q');
    expect(tickText(2e15, 0, 1e15)).toBe('2Q');
    expect(tickText(750e6, 0, 250e6)).toBe('750M');
    expect(tickText(1.5e9, 0, 5e8)).toBe('1.5B');
    expect(tickText(3e21, 0, 1e21)).toBe('3,000,000Q');
    // A step finer than two decimals of the unit: the smaller unit the ticks beside it take.
    expect(tickText(1e15, 0, 5e12)).toBe('1,000T');
    expect(tickText(995e12, 0, 5e12)).toBe('995T');
    // Below a million, or a step finer than two decimals of a million: the whole number.
    expect(tickText(500_000, 0, 250_000)).toBe('500,000');
    expect(tickText(1_000_050, 0, 50)).toBe('1,000,050');
    expect(tickText(1234567.5, 2)).toBe('1,234,567.50');
  });

  it('no two ticks of a meme pair’s axis read alike', () => {
    const drawing = lightDrawing(
      'line',
      [
        { dt: 0, open: 1.02e15, high: 1.02e15, low: 1.02e15, close: 1.02e15 },
        { dt: 4 * 3600_000, open: 1.31e15, high: 1.31e15, low: 1.31e15, close: 1.31e15 },
      ],
      0,
      140,
    );
    expect(drawing.ticks).toEqual(['1.4Q', '1.2Q', '1.0Q']);
  });

  it('counts a tiny price’s run of zeros in subscript', () => {
    expect(tickText(1.013e-15, 18)).toBe('0.0₁₄1013');
    expect(tickText(0.0000123, 9)).toBe('0.0₄12300');
    expect(tickText(0.0001234, 7)).toBe('0.0001234');
    expect(tickText(0, 18)).toBe('0.000000000000000000');
  });
});
