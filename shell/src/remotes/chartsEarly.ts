/**
 * The api requests the /charts page makes first, named from networks.json and the page's query
 * before any bundle runs (the html's head script starts them; the charts remote's api clients
 * adopt an answer only for exactly their own url, so a guess here that differs from the page's
 * costs one unused request, never a wrong figure). Kept free of shared modules, as it is inline
 * in every html page; it mirrors the shell's `resolveRouteNetwork` for the charts route and
 * mfe-charts' `resolveChartPair`, `historyPair` and first request (useChartData with the
 * page's window 3m and first span 1w: the last 42 candles).
 */

/** The networks the charts route shows (routes.ts' ROUTE_NETWORKS.charts). */
export const CHART_NETWORK_IDS = ['TRON', 'BSC', 'POLY'];
/** The localStorage key of the selected network (shared-chain's SELECTED_NETWORK_KEY). */
export const SELECTED_NETWORK_KEY = 'SELECTED_NETWORK';
/** The charts page's first candles: its window and the buckets of its first span (1w: 42). */
export const CHARTS_FIRST_CANDLES = { window: '3m', limit: 42 };
const NOTHING: ChartsFirst = { urls: [], logos: [] };

interface RawPool {
  symbolA?: unknown;
  symbolB?: unknown;
  invert?: unknown;
  hideFromCharts?: unknown;
}
interface RawNetwork {
  api?: { url?: unknown };
  tokens?: Record<string, { logoURI?: unknown } | undefined>;
  defaultTokens?: unknown;
  pools?: unknown;
}

/** What the charts page at a query asks for first: api urls, and its pair's logo images. */
export interface ChartsFirst {
  /** `/v1/info` and the first candles. */
  urls: string[];
  /** The pair picker's two token logos (the site's own), as the page's <img>s name them. */
  logos: string[];
}

/**
 * What the charts page at `search` (the page's query) asks for first, `stored` being the
 * selected network kept in localStorage; nothing when networks.json does not name what it needs.
 */
export function chartsFirst(file: unknown, search: string, stored: string | null): ChartsFirst {
  const query = new URLSearchParams(search);
  const n = query.get('n');
  const choice = n ?? stored;
  const id = choice !== null && CHART_NETWORK_IDS.includes(choice) ? choice : 'TRON';
  const network = (file as { networks?: Record<string, RawNetwork | undefined> } | null)
    ?.networks?.[id];
  const api = network?.api?.url;
  if (typeof api !== 'string' || !/^https?:\/\//.test(api)) return NOTHING;
  const pools = (Array.isArray(network?.pools) ? network.pools : []) as RawPool[];
  const pairOf = (p: RawPool, a: string, b: string) =>
    (p.symbolA === a && p.symbolB === b) || (p.symbolA === b && p.symbolB === a);
  let a = query.get('symbolA') ?? 'TRX';
  let b = query.get('symbolB') ?? 'JM';
  // resolveChartPair: a pair the charts list (not hidden from them), else the default tokens.
  if (!pools.some((p) => p.hideFromCharts !== true && pairOf(p, a, b))) {
    const tokens = network?.defaultTokens;
    if (!Array.isArray(tokens) || typeof tokens[0] !== 'string' || typeof tokens[1] !== 'string')
      return NOTHING;
    [a, b] = tokens as [string, string];
  }
  // TokenLogo's src: the logoURI trimmed; only the site's own images (img-src 'self') are preloaded.
  const logos = [a, b]
    .map((symbol) => network?.tokens?.[symbol]?.logoURI)
    .map((uri) => (typeof uri === 'string' ? uri.trim() : ''))
    .filter((uri) => /^\/[^/\\]/.test(uri));
  // historyPair: the api prices B in A; a pool flagged invert is asked the other way round.
  if (pools.find((p) => pairOf(p, a, b))?.invert === true) [a, b] = [b, a];
  const root = api.replace(/\/+$/, '');
  const seg = encodeURIComponent;
  const { window, limit } = CHARTS_FIRST_CANDLES;
  return {
    urls: [
      `${root}/v1/info`,
      `${root}/v1/history/${id.toLowerCase()}/candles/${window}/${seg(a)}/${seg(b)}?limit=${limit}`,
    ],
    logos,
  };
}
