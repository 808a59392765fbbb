// Inline in each page's <head> (scripts/prerender.mjs writes it there), so it runs while the
// shell's scripts are still downloading: it fetches remotes.json and the route's remote
// manifest, then preloads that remote's entry and its screen's first chunks. Without it they
// start only after the shell's main script has arrived and booted the federation runtime.
// The runtime then takes the same responses (takeEarly, runtime-plugins/early-manifest) and finds
// the preload links in place, so nothing downloads twice. Any failure here is silent: the real
// load reports it, with Retry, where the screen goes.
import { manifestUrl, parseRemotesFile } from '@jmswap/mf-config/remotes';
import { REMOTES_URL, type EarlyFetches } from './remotes/early';
import { routeScreen } from './remotes/routeScreen';

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

function preload(href: string, as: 'script' | 'style') {
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', as);
  link.setAttribute('href', href);
  document.head.appendChild(link);
}

/** Starts the route's screen downloading; resolves when the preloads are placed (or skipped). */
export function headStart(): Promise<void> {
  const screen = routeScreen(location);
  if (!screen) return Promise.resolve();
  const early: EarlyFetches = { responses: {}, started: Promise.resolve() };
  window.__jmswapEarly = early;
  const start = (url: string) => (early.responses[url] = fetch(url));
  const manifest = start(REMOTES_URL)
    .then((res) => res.clone().json())
    .then((json: unknown) => {
      const entry = parseRemotesFile(json).remotes[screen[0]];
      if (!entry) return undefined;
      const url = manifestUrl(entry);
      return { url, response: start(url) };
    })
    .catch(() => undefined);
  early.started = manifest;
  return manifest
    .then(async (started) => {
      if (!started) return;
      const json = (await (await started.response).clone().json()) as RemoteManifest;
      const { scripts, styles } = screenFiles(json, started.url, screen[1]);
      scripts.forEach((href) => preload(href, 'script'));
      styles.forEach((href) => preload(href, 'style'));
    })
    .catch(() => undefined);
}
