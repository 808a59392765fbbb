/**
 * The api requests the /charts page makes first, named from networks.json and the page's query
 * before any bundle runs (the html's head script starts them; the charts remote's api clients
 * adopt an answer only for exactly their own url, so a guess here that differs from the page's
 * costs one unused request, never a wrong figure). Kept free of shared modules, as it is inline
 * in every html page; it mirrors the shell's `resolveRouteNetwork` for the charts route and
 * mfe-charts' `resolveChartPair`, `historyPair` (with its `quoteSymbol` and the page's
 * invert=1) and first request (useChartData with the page's window 3m and first span 1w: the
 * last 42 candles).
 */

/** The networks the charts route shows (routes.ts' ROUTE_NETWORKS.charts). */
export const CHART_NETWORK_IDS = ['TRON', 'BSC', 'POLY'];
/** The localStorage key of the selected network (shared-chain's SELECTED_NETWORK_KEY). */
export const SELECTED_NETWORK_KEY = 'SELECTED_NETWORK';
/** The charts page's first candles: its window and the buckets of its first span (1w: 42). */
export const CHARTS_FIRST_CANDLES = { window: '3m', limit: 42 };
/** US dollar stablecoins, a pair's price side (shared-chain's USD_STABLECOINS). */
export const USD_STABLECOIN_SYMBOLS = ['USDT', 'USDC', 'BUSD', 'DAI', 'TUSD', 'USDD'];

interface RawPool {
  symbolA?: unknown;
  symbolB?: unknown;
  invert?: unknown;
  hideFromCharts?: unknown;
}
interface RawNetwork {
  api?: { url?: unknown };
  baseToken?: unknown;
  tokens?: unknown;
  defaultTokens?: unknown;
  pools?: unknown;
}

/**
 * `/v1/info` and the first candles' urls of the charts page at `search` (the page's query),
 * `stored` being the selected network kept in localStorage; none when networks.json does not
 * name what they need.
 */
export function chartsFirstUrls(file: unknown, search: string, stored: string | null): string[] {
  const query = new URLSearchParams(search);
  const n = query.get('n');
  const choice = n ?? stored;
  const id = choice !== null && CHART_NETWORK_IDS.includes(choice) ? choice : 'TRON';
  const network = (file as { networks?: Record<string, RawNetwork | undefined> } | null)
    ?.networks?.[id];
  const api = network?.api?.url;
  if (typeof api !== 'string' || !/^https?:\/\//.test(api)) return [];
  const pools = (Array.isArray(network?.pools) ? network.pools : []) as RawPool[];
  const pairOf = (p: RawPool, a: string, b: string) =>
    (p.symbolA === a && p.symbolB === b) || (p.symbolA === b && p.symbolB === a);
  let a = query.get('symbolA') ?? 'TRX';
  let b = query.get('symbolB') ?? 'JM';
  // resolveChartPair: a pair the charts list (not hidden from them), else the default tokens.
  if (!pools.some((p) => p.hideFromCharts !== true && pairOf(p, a, b))) {
    const tokens = network?.defaultTokens;
    if (!Array.isArray(tokens) || typeof tokens[0] !== 'string' || typeof tokens[1] !== 'string')
      return [];
    [a, b] = tokens as [string, string];
  }
  // historyPair: asked (quote, base), the quote a stablecoin, else the base coin, else as the
  // pool's invert flag says; the page's "Show as" (invert=1) turns it round.
  const quote = quoteOf(
    network,
    pools.find((p) => pairOf(p, a, b)),
    a,
    b,
  );
  if (quote === b) [a, b] = [b, a];
  if (query.get('invert') === '1') [a, b] = [b, a];
  const root = api.replace(/\/+$/, '');
  const seg = encodeURIComponent;
  const { window, limit } = CHARTS_FIRST_CANDLES;
  return [
    `${root}/v1/info`,
    `${root}/v1/history/${id.toLowerCase()}/candles/${window}/${seg(a)}/${seg(b)}?limit=${limit}`,
  ];
}

/** mfe-charts' quoteSymbol on the raw file: the token of the pair (a, b) its price is in. */
function quoteOf(network: RawNetwork | undefined, pool: RawPool | undefined, a: string, b: string) {
  const stable = (s: string) => USD_STABLECOIN_SYMBOLS.includes(s);
  if (stable(a) !== stable(b)) return stable(a) ? a : b;
  const tokens = (network?.tokens ?? {}) as Record<string, { isBase?: unknown } | undefined>;
  const base = (s: string) => s === network?.baseToken || tokens[s]?.isBase === true;
  if (!stable(a) && base(a) !== base(b)) return base(a) ? a : b;
  if (!pool) return a;
  return pool.invert === true ? pool.symbolB : pool.symbolA;
}
