import { emit, network$, trackEvent } from '@jmswap/shared-chain';
import production from '@jmswap/shared-chain/config/networks.production.json';
import { networksLoaded } from '../warmReads';
import { BATCH_MS, BATCH_SIZE, eventsUrl, privacySignal, startAnalyticsSink } from './analytics';
import { DEFAULT_SITE, parseSiteConfig, type SiteConfig } from './site';

const NETWORKS = { networks: { TRON: { api: { url: 'http://api.test/' } }, BSC: {} } };
const beacons: { url: string; body: unknown }[] = [];
let stop: () => void = () => undefined;

function start(site: SiteConfig = DEFAULT_SITE, doNotTrack = false) {
  const fetchImpl = jest.fn(async () => new Response('{}'));
  const networks = jest.fn(async () => NETWORKS);
  stop = startAnalyticsSink({
    target: {},
    fetchImpl: fetchImpl as unknown as typeof fetch,
    site: async () => site,
    networks,
    doNotTrack: () => doNotTrack,
  });
  return { fetchImpl, networks };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
  beacons.length = 0;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => {
      beacons.push({ url, body: JSON.parse(body) });
      return true;
    },
  });
  document.documentElement.setAttribute('data-theme', 'dark');
  window.history.replaceState(null, '', '/charts?n=BSC');
  network$.next('BSC');
});
afterEach(() => {
  stop();
  jest.restoreAllMocks();
  jest.useRealTimers();
  document.querySelectorAll('script[data-jmswap-analytics]').forEach((s) => s.remove());
});

async function flushTimers(ms = BATCH_MS) {
  jest.advanceTimersByTime(ms);
  jest.useRealTimers();
  await settle();
  await settle();
}

it("batches the spec's events to the api with sendBeacon, 10 s after the first, with only the six facts", async () => {
  start();
  trackEvent('ROUTE_CHARTS', { network: 'BSC' });
  trackEvent('SWAP', {
    host: 'https://partner.example',
    widget: false,
    network: 'BSC',
    amountIn: '1',
    symbolIn: 'BNB',
  });
  emit({ type: 'WALLET_CONNECTED', address: '0xabc', wallet: 'MetaMask' }); // kept in the page only
  trackEvent('SOMETHING_ELSE');
  expect(beacons).toHaveLength(0);
  await flushTimers();
  expect(beacons).toHaveLength(1);
  expect(beacons[0]!.url).toBe('http://api.test/v1/events');
  const facts = { route: 'charts', network: 'BSC', language: 'en', theme: 'dark', surface: 'site' };
  expect(beacons[0]!.body).toEqual({
    events: [
      { event: 'ROUTE_CHARTS', ...facts },
      { event: 'SWAP', ...facts },
    ],
  });
  expect(JSON.stringify(beacons)).not.toMatch(/0xabc|partner|amount|BNB"/);
});

it('a full batch goes at once; leaving the page sends what is queued', async () => {
  start();
  for (let i = 0; i < BATCH_SIZE; i += 1) trackEvent('ROUTE_INDEX', { network: 'TRON' });
  jest.useRealTimers();
  await settle();
  await settle();
  expect(beacons).toHaveLength(1);
  expect((beacons[0]!.body as { events: unknown[] }).events).toHaveLength(BATCH_SIZE);
  trackEvent('ROUTE_HELP');
  // In the pagehide task itself: nothing left to fetch once the page is going.
  window.dispatchEvent(new Event('pagehide'));
  expect(beacons).toHaveLength(2);
  expect(beacons[1]!.body).toEqual({ events: [expect.objectContaining({ event: 'ROUTE_HELP' })] });
});

it('where batches go is read once the first event is queued, so the page hidden soon after sends in that task', async () => {
  const { fetchImpl, networks } = start();
  trackEvent('ROUTE_INDEX', { network: 'TRON' });
  jest.useRealTimers();
  await settle();
  await settle();
  expect(networks).toHaveBeenCalledTimes(1); // the page's networks.json, for the api's url
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  try {
    document.dispatchEvent(new Event('visibilitychange'));
  } finally {
    delete (document as { visibilityState?: unknown }).visibilityState;
  }
  expect(beacons).toHaveLength(1);
  expect(beacons[0]!.url).toBe('http://api.test/v1/events');
  trackEvent('ROUTE_HELP');
  window.dispatchEvent(new Event('pagehide'));
  expect(beacons).toHaveLength(2);
  expect(networks).toHaveBeenCalledTimes(1);
  expect(fetchImpl).not.toHaveBeenCalled();
});

/** The sink as the page starts it, networks.json answered with `file`; the downloads made. */
function startAsThePage(file: unknown) {
  const downloads = jest
    .spyOn(global, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(file)));
  stop = startAnalyticsSink({
    target: {},
    site: async () => DEFAULT_SITE,
    doNotTrack: () => false,
  });
  return downloads;
}

// Before the page's read succeeds: loadNetworks keeps a good file for the page's life.
it("a networks.json that breaks the site's checks: the events still go to the api it names", async () => {
  startAsThePage({ networks: { TRON: { api: { url: 'http://broken.test/' } } } });
  await expect(networksLoaded()).rejects.toThrow();
  trackEvent('ROUTE_INDEX', { network: 'TRON' });
  await flushTimers();
  expect(beacons.map((b) => b.url)).toEqual(['http://broken.test/v1/events']);
});

it("the events' api is named by the networks.json the page read: it is not downloaded again", async () => {
  const file = structuredClone(production);
  file.networks.TRON.api.url = 'https://api.example/';
  const downloads = startAsThePage(file);
  await networksLoaded();
  trackEvent('ROUTE_INDEX', { network: 'TRON' });
  await flushTimers();
  expect(beacons.map((b) => b.url)).toEqual(['https://api.example/v1/events']);
  expect(
    downloads.mock.calls.filter(([url]) => String(url).endsWith('networks.json')),
  ).toHaveLength(1);
});

it("the events' api: the default network's (TRON's, else the first listed), http(s) only", () => {
  const api = (url: unknown) => ({ api: { url } });
  const file = (networks: object) => ({ networks });
  expect(eventsUrl(file({ BSC: api('https://b.test'), TRON: api('https://t.test//') }))).toBe(
    'https://t.test/v1/events',
  );
  expect(eventsUrl(file({ BSC: api('http://b.test:8070') }))).toBe('http://b.test:8070/v1/events');
  expect(eventsUrl(file({ TRON: api('javascript:alert(1)') }))).toBeUndefined();
  expect(eventsUrl(file({ TRON: api(7) }))).toBeUndefined();
  expect(eventsUrl(file({}))).toBeUndefined();
  expect(eventsUrl(null)).toBeUndefined();
});

it('Global Privacy Control or Do Not Track: nothing is sent, no script loaded', async () => {
  start(
    { analytics: { provider: 'script', scriptUrl: 'https://s.example/s.js', siteId: 'x' } },
    true,
  );
  trackEvent('ROUTE_INDEX');
  await flushTimers();
  expect(beacons).toHaveLength(0);
  expect(document.querySelector('script[data-jmswap-analytics]')).toBeNull();
  expect(privacySignal({ globalPrivacyControl: true } as never, {} as never)).toBe(true);
  expect(privacySignal({ doNotTrack: '1' } as never, {} as never)).toBe(true);
  expect(privacySignal({} as never, { doNotTrack: '1' } as never)).toBe(true);
  expect(privacySignal({ doNotTrack: '0' } as never, {} as never)).toBe(false);
});

it('"off": nothing sent; "script": the script loaded once and each event handed to it', async () => {
  start({ analytics: { provider: 'off' } });
  trackEvent('ROUTE_INDEX');
  await flushTimers();
  expect(beacons).toHaveLength(0);
  stop();

  jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
  const plausible = jest.fn();
  (window as unknown as { plausible: unknown }).plausible = plausible;
  start({
    analytics: {
      provider: 'script',
      scriptUrl: 'https://s.example/s.js',
      siteId: 'jmswap.example',
    },
  });
  trackEvent('LIQUIDITY_ADD', { network: 'BSC', tokens: ['BNB', 'USDT'] });
  await flushTimers();
  const script = document.querySelector('script[data-jmswap-analytics]') as HTMLScriptElement;
  expect(script.src).toBe('https://s.example/s.js');
  expect(script.dataset.domain).toBe('jmswap.example');
  // The batch waits for the script to have run (its function is defined only then).
  expect(plausible).not.toHaveBeenCalled();
  script.dispatchEvent(new Event('load'));
  await settle();
  expect(plausible).toHaveBeenCalledWith('LIQUIDITY_ADD', {
    props: { route: 'charts', network: 'BSC', language: 'en', theme: 'dark', surface: 'site' },
  });
  expect(beacons).toHaveLength(0);
  delete (window as unknown as { plausible?: unknown }).plausible;
});

describe('site.json', () => {
  it('takes a deck url (https or a path here) and an analytics setting; bad fields fall back', () => {
    expect(parseSiteConfig({}).site).toEqual(DEFAULT_SITE);
    expect(parseSiteConfig({ deckUrl: '/assets/deck.pdf' }).site.deckUrl).toBe('/assets/deck.pdf');
    expect(parseSiteConfig({ deckUrl: 'https://x.example/d.pdf' }).site.deckUrl).toBe(
      'https://x.example/d.pdf',
    );
    for (const bad of ['javascript:alert(1)', '//evil.example/d.pdf', 'http://evil.example/d', 5]) {
      const { site, problems } = parseSiteConfig({ deckUrl: bad });
      expect(site.deckUrl).toBeUndefined();
      expect(problems).toEqual(['deckUrl']);
    }
    expect(
      parseSiteConfig({ analytics: { provider: 'script', scriptUrl: 'https://s.example/a.js' } }),
    ).toEqual({ site: DEFAULT_SITE, problems: ['analytics'] });
    expect(parseSiteConfig({ analytics: { provider: 'off' } }).site.analytics).toEqual({
      provider: 'off',
    });
    expect(parseSiteConfig([]).problems).toEqual(['the file']);
  });
});
