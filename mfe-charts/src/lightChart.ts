import { zeroRunText } from '@jmswap/shared-chain';
import { CHART_BUCKET_MS } from '@jmswap/shared-chain/history';
import type { ChartKind, ChartPoint } from './chartRules';
import { COMPACT_UNITS, groupThousands } from './format';

/**
 * The light chart's drawing, in a view box `width` wide and 100 high (the SVG stretches it to the
 * card): SVG paths of the rising and falling candles (bodies and wicks) or of the line, the grid,
 * the price ticks from the top down and the first and last dates.
 */
export interface LightDrawing {
  width: number;
  up: { bodies: string; wicks: string };
  down: { bodies: string; wicks: string };
  /** The columns' USD volume as bars rising from the bottom, the largest a fifth of the height. */
  volume: string;
  line: string;
  grid: string;
  ticks: string[];
  from: string;
  to: string;
}

/** Candles per column, from the 4-hour candle up: a column is never much narrower than 4 px. */
const GROUPS = [1, 2, 3, 6, 12, 42, 84, 180, 540];
const MAX_COLUMNS = 120;
/** The share of the plot's height the largest volume bar takes (Highcharts' volume axis too). */
export const VOLUME_SHARE = 0.2;

/** A round step (1, 2, 2.5 or 5 times a power of ten) for about `gaps` gaps over `span`. */
function niceStep(span: number, gaps: number): number {
  const raw = span / gaps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

/** The value range the ticks cover: round steps from below the lowest to above the highest. */
function scale(low: number, high: number, gaps: number) {
  const pad = high > low ? 0 : Math.abs(high) * 0.01 || 1;
  const step = niceStep(high - low + 2 * pad, gaps);
  const bottom = Math.floor((low - pad) / step) * step;
  const top = Math.ceil((high + pad) / step) * step;
  return { bottom, top, step };
}

const round = (n: number) => Math.round(n * 100) / 100;
/** An SVG path's commands and numbers: path('M', 0, 1, 'H', 5) -> "M 0 1 H 5". */
const path = (...parts: (string | number)[]) => parts.join(' ');
/** A day as Highcharts' axis writes it (UTC, "Dec 5", "12月5日"): the light chart hands over unseen. */
const day = (ms: number, language: string) =>
  new Date(ms).toLocaleDateString(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Large ticks in millions to quadrillions, as DEX charts write a meme token's price. */
/** The decimals `value` needs to be written exactly (0.25 -> 2), up to `most`; undefined above. */
function placesOf(value: number, most: number): number | undefined {
  for (let places = 0; places <= most; places += 1) {
    const scaled = value * 10 ** places;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 * Math.max(1, scaled)) return places;
  }
  return undefined;
}

/**
 * A tick from a million up, with the axis step `step`: "1.5Q", "250M", with the decimals the
 * step needs so that no two ticks read alike (at most two). A step finer than that takes a
 * smaller unit, as the ticks beside it do (1e15 by steps of 5T: "1,000T" beside "995T"); below
 * the smallest, the whole number.
 */
function compactTick(value: number, step: number): string | undefined {
  for (const [size, unit] of COMPACT_UNITS) {
    if (Math.abs(value) < size) continue;
    const places = placesOf(step / size, 2);
    if (places === undefined) continue;
    const [whole = '0', fraction] = (value / size).toFixed(places).split('.');
    const grouped = groupThousands(whole);
    return `${fraction === undefined ? grouped : `${grouped}.${fraction}`}${unit}`;
  }
  return undefined;
}

/**
 * A price as the chart's axis writes it: `decimals` decimals, thousands with commas; a run of
 * four or more zeros after the point written with its count in subscript, as the price texts
 * write a tiny price ("0.0₁₄1013", not 0.000000000000001013). With the axis `step`, a tick from
 * a million up is compact ("1.5Q", not 1,500,000,000,000,000): at 320 px the line keeps its room.
 */
export function tickText(value: number, decimals: number, step?: number): string {
  const compact = step === undefined ? undefined : compactTick(value, step);
  if (compact !== undefined) return compact;
  const [whole = '0', fraction] = value.toFixed(decimals).split('.');
  const grouped = groupThousands(whole);
  if (fraction === undefined) return grouped;
  const zeros = /^0*/.exec(fraction)?.[0].length ?? 0;
  if (/^-?0$/.test(whole) && zeros >= 4 && zeros < fraction.length)
    return `${grouped}.${zeroRunText(zeros)}${fraction.slice(zeros)}`;
  return `${grouped}.${fraction}`;
}

interface Column {
  at: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** Candles gathered into columns of `size` 4-hour buckets, each at its place in time. */
function columns(points: readonly ChartPoint[], size: number): Column[] {
  const span = size * CHART_BUCKET_MS;
  const first = Math.floor(points[0]!.dt / span);
  const out: Column[] = [];
  for (const p of points) {
    const at = Math.floor(p.dt / span) - first;
    const last = out[out.length - 1];
    if (last?.at === at) {
      last.high = Math.max(last.high, p.high);
      last.low = Math.min(last.low, p.low);
      last.close = p.close;
      last.volume += p.volume ?? 0;
    } else
      out.push({
        at,
        open: p.open,
        high: p.high,
        low: p.low,
        close: p.close,
        volume: p.volume ?? 0,
      });
  }
  return out;
}

/**
 * What the light chart draws for `points` (in time order, at least one): the same candles as
 * Highcharts, gathered into columns of whole 4-hour buckets (a day of six at 3 months) so that at
 * most 120 columns share the card, or the line of the closes; about one price tick per 80 px of
 * `height` (2 to 4 gaps).
 */
export function lightDrawing(
  kind: ChartKind,
  points: readonly ChartPoint[],
  decimals: number,
  height: number,
  language = 'en',
): LightDrawing {
  const low = Math.min(...points.map((p) => (kind === 'candle' ? p.low : p.close)));
  const high = Math.max(...points.map((p) => (kind === 'candle' ? p.high : p.close)));
  const { bottom, top, step } = scale(low, high, Math.max(2, Math.min(4, Math.floor(height / 80))));
  const y = (v: number) => round(100 - ((v - bottom) / (top - bottom)) * 100);
  const gaps = Math.round((top - bottom) / step);
  const ticks = Array.from({ length: gaps + 1 }, (_, i) =>
    tickText(top - i * step, decimals, step),
  );
  const first = points[0]!.dt;
  const last = points[points.length - 1]!.dt;
  const drawing: LightDrawing = {
    width: 1000,
    up: { bodies: '', wicks: '' },
    down: { bodies: '', wicks: '' },
    volume: '',
    line: '',
    grid: '',
    ticks,
    from: day(first, language),
    to: day(last, language),
  };
  if (kind === 'line') {
    const x = (dt: number) => (last > first ? round(((dt - first) / (last - first)) * 1000) : 500);
    drawing.line = points.map((p, i) => path(i ? 'L' : 'M', x(p.dt), y(p.close))).join(' ');
    return withGrid(drawing, gaps);
  }
  const buckets = Math.round((last - first) / CHART_BUCKET_MS) + 1;
  const size = GROUPS.find((g) => buckets / g <= MAX_COLUMNS) ?? GROUPS[GROUPS.length - 1]!;
  const cols = columns(points, size);
  drawing.width = cols[cols.length - 1]!.at + 1;
  for (const c of cols) {
    const side = c.close >= c.open ? drawing.up : drawing.down;
    const bodyTop = y(Math.max(c.open, c.close));
    // A candle that did not move is still a visible dash, as in Highcharts.
    const bodyBottom = Math.max(y(Math.min(c.open, c.close)), bodyTop + 0.5);
    const [left, right] = [c.at + 0.15, c.at + 0.85];
    side.wicks += path('M', c.at + 0.5, y(c.high), 'V', y(c.low), '');
    side.bodies += path('M', left, bodyTop, 'H', right, 'V', bodyBottom, 'H', left, 'Z', '');
  }
  drawing.volume = volumeBars(cols);
  return withGrid(drawing, gaps);
}

/** Each column's volume as a bar from the bottom, behind the candles; none when none is known. */
function volumeBars(cols: readonly Column[]): string {
  const most = Math.max(...cols.map((c) => c.volume));
  if (!(most > 0)) return '';
  return cols
    .filter((c) => c.volume > 0)
    .map((c) => {
      const top = round(100 - (c.volume / most) * VOLUME_SHARE * 100);
      return path('M', c.at + 0.15, 100, 'V', top, 'H', c.at + 0.85, 'V', 100, 'Z');
    })
    .join(' ');
}

/** The grid's lines, one at each tick, across the whole view box. */
function withGrid(drawing: LightDrawing, gaps: number): LightDrawing {
  const at = (i: number) => round((i * 100) / gaps);
  drawing.grid = drawing.ticks.map((_, i) => path('M', 0, at(i), 'H', drawing.width)).join(' ');
  return drawing;
}
