import {
  appEvents$,
  currentLanguage,
  isNetworkId,
  network$,
  type AppEvent,
} from '@jmswap/shared-chain';
import { NETWORKS_URL } from '../remotes/early';
import { routeAt } from '../routes';
import { networksLoaded } from '../warmReads';
import { siteConfig as readSiteConfig, type SiteConfig } from './site';

export type AnalyticsRecord = { name: string; payload?: Record<string, unknown>; at: number };

/**
 * What leaves the browser about one event: the spec's event name and five facts, nothing else
 * (no address, no amount, no time: the api counts per day). The api refuses any other field.
 */
export interface SentEvent {
  event: string;
  route?: string;
  network?: string;
  language?: string;
  theme?: 'light' | 'dark';
  surface: 'site' | 'widget';
}

/** The spec's events (product.md section 7); anything else stays in the page. */
const SENT = new Set([
  'ROUTE_INDEX',
  'ROUTE_CHARTS',
  'ROUTE_POOLS',
  'ROUTE_LISTING',
  'ROUTE_INFO',
  'ROUTE_HELP',
  'ROUTE_WIDGET',
  'SWAP',
  'LIQUIDITY_ADD',
  'LIQUIDITY_REMOVE',
  'WALLET_CONNECT',
]);

/** A batch goes once it holds this many events, or this long after its first. */
export const BATCH_SIZE = 20;
export const BATCH_MS = 10_000;

/** The browser asks sites not to track (Global Privacy Control, Do Not Track). */
export function privacySignal(nav: Navigator = navigator, win: Window = window): boolean {
  const n = nav as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const dnt = n.doNotTrack ?? (win as Window & { doNotTrack?: string }).doNotTrack;
  return n.globalPrivacyControl === true || dnt === '1' || dnt === 'yes';
}

/**
 * networks.json for the events' api: the file the page read (the html preloads it; a fetch of
 * its own downloaded its 20 KB a second time while the page booted), else, when that read failed
 * or the file broke its checks, the raw file.
 */
const pageNetworks = (): Promise<unknown> =>
  networksLoaded().catch(() => fetch(NETWORKS_URL).then((res) => res.json()));

/** The default network's api (TRON's, else the first listed) + /v1/events; undefined: none. */
export function eventsUrl(file: unknown): string | undefined {
  const networks =
    (file as { networks?: Record<string, { api?: { url?: unknown } } | undefined> } | null)
      ?.networks ?? {};
  const api = (networks.TRON ?? Object.values(networks)[0])?.api?.url;
  if (typeof api !== 'string' || !/^https?:\/\//.test(api)) return undefined;
  return `${api.replace(/\/+$/, '')}/v1/events`;
}

/** The facts kept about `name`, as the page stands now. */
export function sentEvent(name: string, payload: Record<string, unknown> | undefined): SentEvent {
  const widget = __SHELL_VARIANT__ === 'widget';
  const named = payload?.network;
  const network = isNetworkId(named) ? named : network$.getValue();
  const theme = document.documentElement.getAttribute('data-theme');
  const route = widget ? 'widget' : routeAt(location.pathname);
  return {
    event: name,
    ...(route ? { route } : {}),
    network,
    language: currentLanguage(),
    ...(theme === 'light' || theme === 'dark' ? { theme } : {}),
    surface: widget ? 'widget' : 'site',
  };
}

interface ScriptWindow {
  plausible?: (event: string, options?: { props?: Record<string, string> }) => void;
  umami?: { track?: (event: string, data?: Record<string, string>) => void };
}

let scriptReady: Promise<boolean> | undefined;

/**
 * A Plausible- or Umami-style script, once: `data-domain` / `data-website-id` name the site.
 * Resolves when it has run (true) or failed to load (false): only then can it take events.
 */
function loadScript(setting: { scriptUrl: string; siteId: string }): Promise<boolean> {
  if (scriptReady && document.querySelector('script[data-jmswap-analytics]')) return scriptReady;
  const script = document.createElement('script');
  script.src = setting.scriptUrl;
  script.async = true;
  script.dataset.jmswapAnalytics = '';
  script.dataset.domain = setting.siteId;
  script.dataset.websiteId = setting.siteId;
  scriptReady = new Promise((resolve) => {
    script.addEventListener('load', () => resolve(true));
    script.addEventListener('error', () => {
      console.warn('[jmswap] the analytics script did not load', setting.scriptUrl);
      resolve(false);
    });
  });
  document.head.append(script);
  return scriptReady;
}

function toScript(events: SentEvent[]): void {
  const w = window as Window & ScriptWindow;
  for (const { event, ...facts } of events) {
    const props = Object.fromEntries(Object.entries(facts).map(([k, v]) => [k, String(v)]));
    if (w.plausible) w.plausible(event, { props });
    else w.umami?.track?.(event, props);
  }
}

/** Where the spec's events go, once site.json (and networks.json) are read. */
type Destination =
  { to: 'api'; url: string } | { to: 'script'; ready: Promise<boolean> } | { to: 'nowhere' };

function afterPageLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

export interface SinkOptions {
  target?: { __JMSWAP_ANALYTICS__?: AnalyticsRecord[] };
  fetchImpl?: typeof fetch;
  site?: () => Promise<SiteConfig>;
  /** networks.json, whose default network's api takes the events (default: the page's read). */
  networks?: () => Promise<unknown>;
  /** GPC or DNT on: nothing is sent (default: what the browser says). */
  doNotTrack?: () => boolean;
}

/**
 * The analytics sink. Every app event is kept in an in-memory ring (window.__JMSWAP_ANALYTICS__,
 * for operators and tests); the spec's events are also sent where site.json says: by default
 * batched to the api (`POST {api}/v1/events` with navigator.sendBeacon, which outlives the page
 * and, as text/plain, needs no preflight), or to a third-party script, or nowhere. Nothing is
 * sent, nor any script loaded, while the browser asks not to be tracked. A batch goes at
 * BATCH_SIZE events, BATCH_MS after its first, and when the page is hidden or left.
 */
export function startAnalyticsSink(options: SinkOptions = {}): () => void {
  const target = options.target ?? (window as SinkOptions['target'] & object);
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const site = options.site ?? (() => readSiteConfig(fetchImpl));
  const networks = options.networks ?? pageNetworks;
  const tracked = !(options.doNotTrack ?? privacySignal)();
  const log: AnalyticsRecord[] = (target.__JMSWAP_ANALYTICS__ = target.__JMSWAP_ANALYTICS__ ?? []);
  let queue: SentEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Where batches go, worked out once (site.json, then networks.json or the script) before the
  // first batch is due: a batch sent as the page is left must go in that same task, with
  // nothing left to fetch, or it is lost with the page.
  let destination: Destination | undefined;
  let resolving: Promise<Destination> | undefined;
  let warming = false;
  const resolveDestination = () =>
    (resolving ??= site()
      .then(async ({ analytics }): Promise<Destination> => {
        if (analytics.provider === 'off') return { to: 'nowhere' };
        if (analytics.provider === 'script') return { to: 'script', ready: loadScript(analytics) };
        const url = eventsUrl(await networks().catch(() => undefined));
        return url ? { to: 'api', url } : { to: 'nowhere' };
      })
      .then((found) => (destination = found)));

  const send = (to: Destination, events: SentEvent[]) => {
    if (to.to === 'script') void to.ready.then((ran) => ran && toScript(events));
    if (to.to !== 'api') return;
    const body = JSON.stringify({ events });
    if (navigator.sendBeacon?.(to.url, body)) return;
    fetchImpl(to.url, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    if (destination) send(destination, events);
    else void resolveDestination().then((to) => send(to, events));
  };

  const sub = appEvents$.subscribe((event: AppEvent) => {
    if (
      event.type !== 'analytics' &&
      event.type !== 'loggedOut' &&
      event.type !== 'WALLET_CONNECTED'
    )
      return;
    const name = event.type === 'analytics' ? event.name : event.type;
    const payload = event.type === 'analytics' ? event.payload : undefined;
    log.push({ name, payload, at: Date.now() });
    if (log.length > 500) log.shift();
    if (!tracked || !SENT.has(name)) return;
    queue.push(sentEvent(name, payload));
    if (!warming) {
      warming = true;
      // Out of the page's first-load path: once the page has loaded.
      afterPageLoad(() => void resolveDestination());
    }
    if (queue.length >= BATCH_SIZE) flush();
    else timer ??= setTimeout(flush, BATCH_MS);
  });
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', flush);
  return () => {
    sub.unsubscribe();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', flush);
  };
}
