import { headStart, screenFiles } from './headStart';
import { takeEarly, takeEarlyOnceStarted } from './remotes/early';

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
const REMOTES = {
  remotes: { listing: { name: 'mfe_listing', base: 'http://cdn.test/listing', version: '1.2.0' } },
};
const MANIFEST_URL = 'http://cdn.test/listing/1.2.0/mf-manifest.json';

function serve(files: Record<string, unknown>) {
  const fetched: string[] = [];
  global.fetch = jest.fn(async (url: string) => {
    fetched.push(url);
    return url in files
      ? ({
          ok: true,
          clone: () => ({ json: async () => files[url] }),
          json: async () => files[url],
        } as unknown as Response)
      : ({
          ok: false,
          status: 404,
          clone: () => ({ json: async () => Promise.reject(new Error('404')) }),
        } as unknown as Response);
  }) as unknown as typeof fetch;
  return fetched;
}

const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map(
    (l) => `${l.getAttribute('as')} ${l.getAttribute('href')}`,
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

test('on /listing it fetches remotes.json and the manifest once, preloads the screen, and hands both over once', async () => {
  window.history.pushState({}, '', '/listing');
  const fetched = serve({ '/config/remotes.json': REMOTES, [MANIFEST_URL]: MANIFEST });
  await headStart();
  expect(fetched).toEqual(['/config/remotes.json', MANIFEST_URL]);
  expect(preloads()).toEqual([
    'script http://cdn.test/listing/1.2.0/remoteEntry.js',
    'script http://cdn.test/listing/1.2.0/expose.1.js',
    'style http://cdn.test/listing/1.2.0/listing.2.css',
  ]);
  // The app and the federation runtime take these responses instead of downloading again...
  expect(await (await takeEarlyOnceStarted(MANIFEST_URL))?.json()).toEqual(MANIFEST);
  expect(takeEarly('/config/remotes.json')).toBeDefined();
  // ... once: a Retry fetches afresh.
  expect(takeEarly(MANIFEST_URL)).toBeUndefined();
});

test("the runtime asking for the manifest before the head script knows its url still gets the head script's fetch", async () => {
  window.history.pushState({}, '', '/listing');
  const fetched = serve({ '/config/remotes.json': REMOTES, [MANIFEST_URL]: MANIFEST });
  const done = headStart();
  // Asked at once, while remotes.json is still on its way (a cached main.js runs that early).
  const early = takeEarlyOnceStarted(MANIFEST_URL);
  expect(await (await early)?.json()).toEqual(MANIFEST);
  await done;
  expect(fetched).toEqual(['/config/remotes.json', MANIFEST_URL]);
});

test('a page without a remote screen fetches nothing early', async () => {
  window.history.pushState({}, '', '/info');
  const fetched = serve({});
  await headStart();
  expect(fetched).toEqual([]);
  expect(takeEarly('/config/remotes.json')).toBeUndefined();
  expect(await takeEarlyOnceStarted(MANIFEST_URL)).toBeUndefined();
});

test('a bad remotes.json entry or a missing manifest preloads nothing and throws nothing', async () => {
  window.history.pushState({}, '', '/listing');
  serve({
    '/config/remotes.json': {
      remotes: { listing: { name: 'x', base: 'ftp://bad', version: '1' } },
    },
  });
  await expect(headStart()).resolves.toBeUndefined();
  serve({ '/config/remotes.json': REMOTES });
  await expect(headStart()).resolves.toBeUndefined();
  expect(preloads()).toEqual([]);
});
