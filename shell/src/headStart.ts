// Inline in each page's <head> (scripts/prerender.mjs writes it there), so it runs while the
// shell's scripts are still downloading: it fetches remotes.json, then the route's remote
// manifest and release record, and preloads that remote's entry and its screen's first chunks
// with the integrity the record gives them (the shell checks the record); when remotes.json
// carries the version's preload hints, those files start with it instead. Without it they
// start only after the shell's main script has arrived and booted the federation runtime.
// The runtime then takes the same responses (takeEarly, runtime-plugins/integrity) and finds
// the preload links in place, so nothing downloads twice. Any failure here is silent: the real
// load checks everything again and reports it, with Retry, where the screen goes.
import { chosenVersion, parseRemotesFile } from '@jmswap/mf-config/remotes';
import { canaryBucket } from './remotes/canary';
import { chartsFirstUrls, SELECTED_NETWORK_KEY } from './remotes/chartsEarly';
import { NETWORKS_URL, REMOTES_URL, type EarlyFetches } from './remotes/early';
import { folderUrl } from './remotes/integrity';
import { preloadFirstRead } from './remotes/readersEarly';
import { routeScreen } from './remotes/routeScreen';
import { pickTheme } from './theme';
import { markFirstChoices } from './firstChoices';
import { markFirstLanguage } from './languageEarly';
import { markWalletRestore } from './walletEarly';

/** The part of a remote's mf-manifest.json that names its files. */
interface RemoteManifest {
  metaData?: { publicPath?: string; remoteEntry?: { path?: string; name?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** The urls a screen needs before it can run: the remote's entry, its sync js and css. */
export function screenFiles(
  manifest: RemoteManifest,
  manifestAt: string,
  expose: string,
): { scripts: string[]; styles: string[] } {
  const meta = manifest.metaData ?? {};
  // "auto": files sit beside the manifest, the way the runtime resolves them.
  const base =
    meta.publicPath && meta.publicPath !== 'auto'
      ? meta.publicPath
      : manifestAt.slice(0, manifestAt.lastIndexOf('/') + 1);
  const at = (file: string) => new URL(file, new URL(base, location.href)).href;
  const entry = meta.remoteEntry?.name
    ? [at(`${meta.remoteEntry.path ? `${meta.remoteEntry.path}/` : ''}${meta.remoteEntry.name}`)]
    : [];
  const assets = manifest.exposes?.find((e) => e.name === expose)?.assets;
  return {
    scripts: [...entry, ...(assets?.js?.sync ?? []).map(at)],
    styles: (assets?.css?.sync ?? []).map(at),
  };
}

function preload(href: string, as: 'script' | 'style', integrity: string | undefined) {
  if (!integrity) return; // not in the record: the real load refuses it anyway
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', as);
  link.setAttribute('href', href);
  // The same request the runtime makes (CORS, with the record's hash), so it is used.
  link.setAttribute('crossorigin', 'anonymous');
  link.setAttribute('integrity', integrity);
  document.head.appendChild(link);
}

/** Preloads a version folder's hinted files (`{ file: hash }`), each with its hash. */
export function preloadHinted(folder: string, files: Record<string, string>): void {
  for (const [file, hash] of Object.entries(files))
    preload(new URL(file, folder).href, file.endsWith('.css') ? 'style' : 'script', hash);
}

/**
 * The record's hashes by absolute url. Not checked against remotes.json's pin here: the shell
 * checks it before any of the code runs, and a preload whose hash is not the checked one is
 * simply not used (the browser fetches again, and refuses what does not match).
 */
async function recordHashes(response: Promise<Response>, folder: string) {
  const { integrity } = (await (await response).json()) as { integrity: Record<string, string> };
  return (url: string) =>
    url.startsWith(folder) ? integrity[url.slice(folder.length)] : undefined;
}

/** The selected network kept from an earlier visit, if the browser lets the page read it. */
function storedNetwork(): string | null {
  try {
    return localStorage.getItem(SELECTED_NETWORK_KEY);
  } catch {
    return null;
  }
}

/**
 * /charts: networks.json (the shell takes this response, takeEarly), then the api's `/v1/info`
 * and the chart's first candles, which the charts remote's api clients adopt when they ask for
 * the same urls (shared-chain/src/api/early.ts). Without it they start only after React, the
 * shell and the remote have arrived: the price, the page's largest paint, waited for that.
 */
function startChartsData(
  early: EarlyFetches,
  start: (url: string) => Promise<Response>,
): Promise<void> {
  return start(NETWORKS_URL)
    .then((res) => res.json())
    .then((file: unknown) => {
      for (const url of chartsFirstUrls(file, location.search, storedNetwork())) {
        // The request the clients make (CORS, no credentials, the same Accept).
        const response = fetch(url, { headers: { Accept: 'application/json' } });
        response.catch(() => undefined); // a client that takes it sees the failure, and asks again
        early.responses[url] = response;
      }
    })
    .catch(() => undefined);
}

/**
 * Sets the theme before the first paint (no flash of the other one), picks the frame of the
 * page's language, marks the network and tab the address chooses (the built frame shows them
 * chosen), hides CONNECT WALLET when
 * a wallet is coming back (no flash of it either), then starts the route's
 * screen downloading (on /charts, its first api requests too); resolves when the preloads are
 * placed (or skipped) and those requests started.
 */
export function headStart(): Promise<void> {
  pickTheme();
  markFirstLanguage();
  markFirstChoices(storedNetwork());
  markWalletRestore(storedNetwork());
  preloadFirstRead(storedNetwork());
  const screen = routeScreen(location);
  if (!screen) return Promise.resolve();
  const early: EarlyFetches = { responses: {}, started: Promise.resolve() };
  window.__jmswapEarly = early;
  // The shell takes the response; this script reads a clone made on arrival, before the
  // shell can have read the body. A fetch that fails (a remote's host refusing connections) is
  // no page error: its reader, if any, sees the failure and fetches again (fetchOnceEarlyStarted),
  // and with preload hints nothing here reads the manifest and record at all.
  const start = (url: string) => {
    const clone = (early.responses[url] = fetch(url)).then((res) => res.clone());
    clone.catch(() => undefined);
    return clone;
  };
  const manifest = start(REMOTES_URL)
    .then((res) => res.json())
    .then((json: unknown) => {
      const entry = parseRemotesFile(json).remotes[screen[0]];
      if (!entry) return undefined;
      const version = chosenVersion(entry, canaryBucket());
      const folder = new URL(folderUrl(entry.base, version), location.href).href;
      const url = `${folder}mf-manifest.json`;
      const record = start(`${folder}release.json`);
      const response = start(url);
      // remotes.json's hints name the screen's files (mf-config/src/preload-hints.js): they
      // start now, a round trip before the manifest could name them.
      const hinted = entry.preload?.[version];
      if (hinted) {
        preloadHinted(folder, hinted);
        return undefined;
      }
      return {
        url,
        response,
        hashes: recordHashes(record, folder),
      };
    })
    .catch(() => undefined);
  early.started = manifest;
  const data = screen[0] === 'charts' ? startChartsData(early, start) : undefined;
  const preloads = manifest
    .then(async (started) => {
      if (!started) return;
      const hashOf = await started.hashes;
      if (!hashOf) return;
      const json = (await (await started.response).json()) as RemoteManifest;
      const { scripts, styles } = screenFiles(json, started.url, screen[1]);
      scripts.forEach((href) => preload(href, 'script', hashOf(href)));
      styles.forEach((href) => preload(href, 'style', hashOf(href)));
    })
    .catch(() => undefined);
  return Promise.all([preloads, data]).then(() => undefined);
}

/**
 * How long after its first frame a page waits for that paint to be reported, at most. A browser
 * with a screen reports it within a frame or two; headless Chromium under Lighthouse's phone
 * emulation sometimes draws at one frame a second, and reported the paint 1 025 ms after the frame
 * (a wait of 1 000 ms started main.js 45 ms before that report, so it was counted again).
 */
export const PAINT_WAIT_MS = 2000;

/**
 * Calls `then` once the page's first contentful paint is on screen: Chrome reports that paint
 * (the time Lighthouse takes as the prerendered page's FCP and LCP) only once its frame has been
 * presented, which under load came up to 200 ms after the frame's own task, so a script started
 * in the task after the frame could still run before the reported paint. Where paint timing is
 * not reported, the task after the first frame; PAINT_WAIT_MS after that frame at the latest.
 */
function afterFirstPaint(then: () => void) {
  const types =
    typeof PerformanceObserver === 'undefined'
      ? []
      : (PerformanceObserver.supportedEntryTypes ?? []);
  const observer = types.includes('paint')
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) done();
      })
    : undefined;
  let called = false;
  function done() {
    if (called) return;
    called = true;
    observer?.disconnect();
    then();
  }
  observer?.observe({ type: 'paint', buffered: true });
  // The frame's callback runs just before its paint (never while the stylesheet still blocks it).
  requestAnimationFrame(() => setTimeout(done, observer ? PAINT_WAIT_MS : 0));
}

/**
 * Starts the shell's main script (`src`, already downloading through a preload) once the
 * prerendered page has painted. As a deferred script it ran before the first paint whenever it
 * arrived before the html was parsed, and its ~60 ms (240 at 4x CPU) of evaluation held back
 * the page's largest paint, the prerendered heading: Lighthouse's simulation counts every
 * script that ran before the paint it observed, with all it waited for. A tab opened in the
 * background paints nothing and runs no frames, so there it starts at once.
 */
export function bootAfterFirstPaint(src: string): void {
  let started = false;
  const boot = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.src = src;
    document.head.appendChild(script);
  };
  const afterParse = () => {
    if (document.visibilityState === 'hidden') return boot();
    afterFirstPaint(boot);
    // Sent to the background before that paint: no frame will come.
    document.addEventListener('visibilitychange', boot, { once: true });
  };
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', afterParse, { once: true });
  else afterParse();
}
