import { createHash } from 'node:crypto';
import { bootAfterFirstPaint, headStart, PAINT_WAIT_MS, screenFiles } from './headStart';
import { clearHistoryCache, fetchCandles, fetchInfo } from '@jmswap/shared-chain/history';
import { fetchOnceEarlyStarted, fetchOrEarly, takeEarly } from './remotes/early';

const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { path: '', name: 'remoteEntry.js' } },
  exposes: [
    {
      name: 'ListingPage',
      assets: { js: { sync: ['expose.1.js'] }, css: { sync: ['listing.2.css'] } },
    },
    { name: 'Other', assets: { js: { sync: ['other.3.js'] } } },
  ],
};
const FOLDER = 'http://cdn.test/listing/1.2.0/';
const MANIFEST_URL = `${FOLDER}mf-manifest.json`;
const RECORD_URL = `${FOLDER}release.json`;
const hash = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const RECORD = JSON.stringify({
  chunkIntegrity: true,
  integrity: {
    'mf-manifest.json': hash(JSON.stringify(MANIFEST)),
    'remoteEntry.js': hash('entry'),
    'expose.1.js': hash('expose'),
    'listing.2.css': hash('css'),
  },
});
const entry = (pin = hash(RECORD)) => ({
  name: 'mfe_listing',
  base: 'http://cdn.test/listing',
  version: '1.2.0',
  integrity: { '1.2.0': pin },
});
const remotesFile = (pin?: string) => ({
  allowedOrigins: ['http://cdn.test'],
  remotes: { listing: entry(pin) },
});
const REMOTES = remotesFile();

function serve(files: Record<string, unknown>) {
  const fetched: string[] = [];
  global.fetch = jest.fn(async (url: string) => {
    fetched.push(url);
    if (!(url in files)) return new Response('not found', { status: 404 });
    const body = files[url];
    return new Response(typeof body === 'string' ? body : JSON.stringify(body));
  }) as unknown as typeof fetch;
  return fetched;
}

const SITE = { '/config/remotes.json': REMOTES, [MANIFEST_URL]: MANIFEST, [RECORD_URL]: RECORD };

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map(
    (l) =>
      `${l.getAttribute('as')} ${l.getAttribute('href')} ${l.getAttribute('crossorigin')} ${l.getAttribute('integrity')?.slice(0, 12)}`,
  );

beforeEach(() => {
  document.head.innerHTML = '';
  delete window.__jmswapEarly;
});

test("a remote screen's entry and first files are named from its manifest, beside it", () => {
  expect(screenFiles(MANIFEST, MANIFEST_URL, 'ListingPage')).toEqual({
    scripts: [
      'http://cdn.test/listing/1.2.0/remoteEntry.js',
      'http://cdn.test/listing/1.2.0/expose.1.js',
    ],
    styles: ['http://cdn.test/listing/1.2.0/listing.2.css'],
  });
});

test('on /listing it fetches remotes.json, the manifest and the record once, preloads the screen with its hashes, and hands them over once', async () => {
  window.history.pushState({}, '', '/listing');
  const fetched = serve(SITE);
  await headStart();
  expect(fetched).toEqual(['/config/remotes.json', RECORD_URL, MANIFEST_URL]);
  const at = (file: string, text: string) =>
    `${FOLDER}${file} anonymous ${hash(text).slice(0, 12)}`;
  expect(preloads()).toEqual([
    `script ${at('remoteEntry.js', 'entry')}`,
    `script ${at('expose.1.js', 'expose')}`,
    `style ${at('listing.2.css', 'css')}`,
  ]);
  // The app and the federation runtime take these responses instead of downloading again...
  expect(await (await fetchOnceEarlyStarted(MANIFEST_URL)).json()).toEqual(MANIFEST);
  expect(await (await fetchOnceEarlyStarted(RECORD_URL)).text()).toBe(RECORD);
  expect(fetched).toHaveLength(3);
  expect(takeEarly('/config/remotes.json')).toBeDefined();
  // ... once: a Retry fetches afresh.
  expect(takeEarly(MANIFEST_URL)).toBeUndefined();
});

test("the runtime asking for the manifest before the head script knows its url still gets the head script's fetch", async () => {
  window.history.pushState({}, '', '/listing');
  const fetched = serve(SITE);
  const done = headStart();
  // Asked at once, while remotes.json is still on its way (a cached main.js runs that early).
  const early = fetchOnceEarlyStarted(MANIFEST_URL);
  expect(await (await early).json()).toEqual(MANIFEST);
  await done;
  expect(fetched).toEqual(['/config/remotes.json', RECORD_URL, MANIFEST_URL]);
});

test('a page without a remote screen fetches nothing early', async () => {
  window.history.pushState({}, '', '/info');
  const fetched = serve({});
  await headStart();
  expect(fetched).toEqual([]);
  expect(takeEarly('/config/remotes.json')).toBeUndefined();
  await fetchOnceEarlyStarted(MANIFEST_URL);
  expect(fetched).toEqual([MANIFEST_URL]); // fetched then, by its reader
});

test('a bad remotes.json entry or a missing manifest preloads nothing and throws nothing', async () => {
  window.history.pushState({}, '', '/listing');
  serve({
    '/config/remotes.json': {
      allowedOrigins: ['http://cdn.test'],
      remotes: { listing: { name: 'x', base: 'ftp://bad', version: '1' } },
    },
  });
  await expect(headStart()).resolves.toBeUndefined();
  serve({ '/config/remotes.json': REMOTES });
  await expect(headStart()).resolves.toBeUndefined();
  expect(preloads()).toEqual([]);
});

test("with remotes.json's preload hints the screen's files start at once, the manifest and record still fetched for the runtime", async () => {
  window.history.pushState({}, '', '/listing');
  const hinted = {
    ...REMOTES,
    remotes: {
      listing: {
        ...entry(),
        preload: { '1.2.0': { 'remoteEntry.js': hash('entry'), 'listing.2.css': hash('css') } },
      },
    },
  };
  // The manifest and record never answer: the preloads must not wait for them.
  const fetched = serve({ '/config/remotes.json': hinted });
  await headStart();
  expect(preloads()).toEqual([
    `script ${FOLDER}remoteEntry.js anonymous ${hash('entry').slice(0, 12)}`,
    `style ${FOLDER}listing.2.css anonymous ${hash('css').slice(0, 12)}`,
  ]);
  expect(fetched).toEqual(['/config/remotes.json', RECORD_URL, MANIFEST_URL]);
  await fetchOnceEarlyStarted(MANIFEST_URL);
  expect(fetched).toHaveLength(3); // the head script's fetch, taken
});

test('a remote host that refuses connections at first load: no uncaught error, and the next reader asks the host again', async () => {
  window.history.pushState({}, '', '/listing');
  const hinted = {
    ...REMOTES,
    remotes: {
      listing: { ...entry(), preload: { '1.2.0': { 'remoteEntry.js': hash('entry') } } },
    },
  };
  const uncaught: unknown[] = [];
  const onUncaught = (reason: unknown) => uncaught.push(reason);
  process.on('unhandledRejection', onUncaught);
  try {
    for (const file of [REMOTES, hinted]) {
      uncaught.length = 0;
      let hostUp = false;
      const fetched: string[] = [];
      global.fetch = jest.fn(async (url: string) => {
        fetched.push(url);
        if (url === '/config/remotes.json') return new Response(JSON.stringify(file));
        if (!hostUp) throw new TypeError('Failed to fetch');
        return new Response(url === MANIFEST_URL ? JSON.stringify(MANIFEST) : RECORD);
      }) as unknown as typeof fetch;
      await headStart();
      await new Promise((r) => setTimeout(r, 20));
      expect(uncaught).toEqual([]);
      // The host is back when the runtime asks: the failed fetch is not its answer.
      hostUp = true;
      expect(await (await fetchOnceEarlyStarted(MANIFEST_URL)).json()).toEqual(MANIFEST);
      expect(await (await fetchOnceEarlyStarted(RECORD_URL)).text()).toBe(RECORD);
      expect(fetched.filter((u) => u === MANIFEST_URL)).toHaveLength(2);
    }
  } finally {
    process.off('unhandledRejection', onUncaught);
  }
});

describe('the main script after the first paint', () => {
  const mainScripts = () =>
    [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'));
  const setVisibility = (state: DocumentVisibilityState) =>
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
    setVisibility('visible');
  });

  test('a visible page starts it in the task after its next frame, once', () => {
    jest.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    bootAfterFirstPaint('/main.abc.js');
    expect(mainScripts()).toEqual([]);
    frames.forEach((cb) => cb(0));
    expect(mainScripts()).toEqual([]);
    jest.runAllTimers();
    expect(mainScripts()).toEqual(['/main.abc.js']);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(mainScripts()).toEqual(['/main.abc.js']);
  });

  test('a page sent to the background before its frame starts it then', () => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    bootAfterFirstPaint('/main.abc.js');
    expect(mainScripts()).toEqual([]);
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(mainScripts()).toEqual(['/main.abc.js']);
  });

  test('a page opened in the background starts it at once', () => {
    setVisibility('hidden');
    bootAfterFirstPaint('/main.abc.js');
    expect(mainScripts()).toEqual(['/main.abc.js']);
  });

  describe('where the browser reports paint timing', () => {
    let report: ((names: string[]) => void) | undefined;
    const disconnected = jest.fn();
    beforeEach(() => {
      report = undefined;
      disconnected.mockReset();
      class FakeObserver {
        static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
        constructor(private callback: PerformanceObserverCallback) {}
        observe() {
          report = (names) =>
            this.callback(
              {
                getEntriesByName: (name: string) =>
                  names.filter((n) => n === name).map((n) => ({ name: n })),
              } as unknown as PerformanceObserverEntryList,
              this as unknown as PerformanceObserver,
            );
        }
        disconnect = disconnected;
      }
      Object.defineProperty(window, 'PerformanceObserver', {
        configurable: true,
        value: FakeObserver,
      });
    });
    afterEach(() => {
      delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
    });

    test('a visible page starts it once its first contentful paint is reported, not at the frame', () => {
      jest.useFakeTimers();
      const frames: FrameRequestCallback[] = [];
      jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
      bootAfterFirstPaint('/main.abc.js');
      frames.forEach((cb) => cb(0));
      jest.advanceTimersByTime(PAINT_WAIT_MS - 1);
      report?.(['first-paint']);
      expect(mainScripts()).toEqual([]);
      report?.(['first-contentful-paint']);
      expect(mainScripts()).toEqual(['/main.abc.js']);
      expect(disconnected).toHaveBeenCalled();
      jest.runAllTimers();
      report?.(['first-contentful-paint']);
      expect(mainScripts()).toEqual(['/main.abc.js']);
    });

    test('a paint never reported starts it PAINT_WAIT_MS after the first frame', () => {
      jest.useFakeTimers();
      const frames: FrameRequestCallback[] = [];
      jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
      bootAfterFirstPaint('/main.abc.js');
      // No frame yet (the stylesheet still loading): no timer runs out.
      jest.advanceTimersByTime(5 * PAINT_WAIT_MS);
      expect(mainScripts()).toEqual([]);
      frames.forEach((cb) => cb(0));
      jest.advanceTimersByTime(PAINT_WAIT_MS - 1);
      expect(mainScripts()).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(mainScripts()).toEqual(['/main.abc.js']);
    });
  });
});

describe("/charts: the page's first api requests", () => {
  const API = 'http://api.test:8070';
  const INFO_URL = `${API}/v1/info`;
  const CANDLES_URL = `${API}/v1/history/tron/candles/3m/TRX/JM?limit=42`;
  const NETWORKS = {
    networks: {
      TRON: {
        api: { url: API },
        defaultTokens: ['TRX', 'JM'],
        pools: [{ symbolA: 'TRX', symbolB: 'JM', address: 'T1' }],
      },
    },
  };
  const INFO = { updatedAt: Date.UTC(2026, 10, 1), networks: {} };
  const CANDLES = [{ o: 1, h: 2, l: 0.5, c: 1.5, dt: Date.UTC(2026, 10, 1) }];
  const CHARTS_SITE = {
    '/config/remotes.json': { allowedOrigins: [], remotes: {} },
    '/config/networks.json': NETWORKS,
    [INFO_URL]: INFO,
    [CANDLES_URL]: CANDLES,
  };

  beforeEach(() => {
    clearHistoryCache();
    localStorage.clear();
  });

  test('start beside remotes.json from networks.json, and each is requested once: by the head script', async () => {
    window.history.pushState({}, '', '/charts');
    const fetched = serve(CHARTS_SITE);
    await headStart();
    expect(fetched).toEqual([
      '/config/remotes.json',
      '/config/networks.json',
      INFO_URL,
      CANDLES_URL,
    ]);
    // The shell's networks read, then the charts remote's clients, with the urls the page asks.
    expect(await (await fetchOrEarly('/config/networks.json')).json()).toEqual(NETWORKS);
    expect(await fetchInfo(API)).toEqual(INFO);
    expect(await fetchCandles(API, 'TRON', '3m', 'TRX', 'JM', { range: { limit: 42 } })).toEqual(
      CANDLES,
    );
    expect(fetched).toHaveLength(4);
    // Once: the next read of the networks (another page's) asks the server.
    await fetchOrEarly('/config/networks.json');
    expect(fetched).toHaveLength(5);
  });

  test('another pair on the page asks for its own candles; the early ones stay unused', async () => {
    window.history.pushState({}, '', '/charts');
    const fetched = serve({
      ...CHARTS_SITE,
      [`${API}/v1/history/tron/candles/3m/JM/TRX?limit=42`]: [],
    });
    await headStart();
    expect(await fetchCandles(API, 'TRON', '3m', 'JM', 'TRX', { range: { limit: 42 } })).toEqual(
      [],
    );
    expect(fetched.slice(4)).toEqual([`${API}/v1/history/tron/candles/3m/JM/TRX?limit=42`]);
  });

  test('a networks.json that fails starts nothing more, and the shell asks for it again', async () => {
    window.history.pushState({}, '', '/charts');
    const fetched = serve(CHARTS_SITE);
    const served = global.fetch;
    let down = true;
    global.fetch = jest.fn(async (url: string) => {
      if (down && url === '/config/networks.json') {
        fetched.push(url);
        throw new TypeError('Failed to fetch');
      }
      return served(url);
    }) as unknown as typeof fetch;
    await expect(headStart()).resolves.toBeUndefined();
    expect(fetched).toEqual(['/config/remotes.json', '/config/networks.json']);
    down = false;
    expect(await (await fetchOrEarly('/config/networks.json')).json()).toEqual(NETWORKS);
    expect(fetched).toEqual([
      '/config/remotes.json',
      '/config/networks.json',
      '/config/networks.json',
    ]);
  });

  test.each(['/', '/pools', '/listing'])(
    '%s starts no api request and reads no networks.json',
    async (path) => {
      window.history.pushState({}, '', path);
      const fetched = serve(CHARTS_SITE);
      await headStart();
      expect(fetched.filter((url) => url.includes('networks') || url.startsWith(API))).toEqual([]);
    },
  );
});
