// The styles come with the html (a <link> in the head), so the page paints before any script.
import '@jmswap/shared-chain/theme/tokens.css';
import './styles.css';
import { warmRoute } from './remotes/warm';
import { yieldToBrowser } from './yieldToBrowser';

warmRoute(window.location);

/**
 * The app's modules evaluated in steps, each in a task of its own: shared-chain (with valibot and
 * rxjs) and the route's warm pool read, then React DOM, then the shell's own modules, which start
 * the page. As one import of
 * the app they were evaluated together in one task (78 ms observed on `/` under Lighthouse, 314
 * ms at its 4x CPU). Each step's chunks are preloaded by the html (mf-config/src/preload-boot.js
 * names the `boot` and `boot-*` chunk groups), so a step waits for no download, only for the
 * next task. The first import is also the async boundary: shared singletons are negotiated
 * before any app code runs.
 */
async function boot() {
  await import(/* webpackChunkName: "boot-chain" */ '@jmswap/shared-chain');
  // The swap page's pool read starts now, its node round trips beside React DOM's evaluation and
  // the screen's load (warmReads.ts; the head script preloaded its files).
  // (The swap page's path, by hand: main.js is in every route's first-load budget.)
  if (location.pathname.replace(/\/+$/, '') === '')
    import(/* webpackChunkName: "warm-reads" */ './warmReads')
      .then(({ warmReads }) => warmReads())
      .catch(() => undefined);
  await yieldToBrowser();
  await import(/* webpackChunkName: "boot" */ 'react-dom/client');
  await yieldToBrowser();
  const { start } = await import(/* webpackChunkName: "boot-app" */ './bootstrap');
  await yieldToBrowser();
  await start();
}

void boot();
