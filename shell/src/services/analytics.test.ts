import { emit, network$, trackEvent } from '@jmswap/shared-chain';
import { BATCH_MS, BATCH_SIZE, privacySignal, startAnalyticsSink } from './analytics';
import { DEFAULT_SITE, parseSiteConfig, type SiteConfig } from './site';

const NETWORKS = { networks: { TRON: { api: { url: 'http://api.test/' } }, BSC: {} } };
const beacons: { url: string; body: unknown }[] = [];
let stop: () => void = () => undefined;

function start(site: SiteConfig = DEFAULT_SITE, doNotTrack = false) {
  const fetchImpl = jest.fn(async () => new Response(JSON.stringify(NETWORKS)));
  stop = startAnalyticsSink({
    target: {},
    fetchImpl: fetchImpl as unknown as typeof fetch,
    site: async () => site,
    doNotTrack: () => doNotTrack,
  });
  return fetchImpl;
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
  const fetchImpl = start();
  trackEvent('ROUTE_INDEX', { network: 'TRON' });
  jest.useRealTimers();
  await settle();
  await settle();
  expect(fetchImpl).toHaveBeenCalledTimes(1); // networks.json, for the api's url
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
  expect(fetchImpl).toHaveBeenCalledTimes(1);
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
