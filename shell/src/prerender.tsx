import { renderToString } from 'react-dom/server';
import { i18n } from '@jmswap/shared-chain';
import { Router } from 'wouter';
import { App } from './App';
import { FirstFrame } from './firstFrame';
import { pageTitle } from './layout/DocumentTitle';
// The shell's catalogues, registered as on the page.
import './language';

export { ROUTE_PATHS } from './routes';
/** The languages each route's frame is drawn in, and the switch to one (loads its catalogues). */
export { LANGUAGES, activateLanguage } from '@jmswap/shared-chain';

/** The route's title in the built page ("Pools | JMSwap"), in the language shown, before any script names it. */
export const prerenderTitle = (path: string, search = ''): string =>
  pageTitle(path, search, (m) => i18n._(m));

/**
 * The page a route shows before any script has run, rendered at build time: header, menus,
 * the route's own texts, and a loading card where a remote screen goes. The client renders
 * over it (createRoot), so it only has to look like the first frame, not match it node for node.
 */
export function prerenderRoute(path: string): string {
  return renderToString(
    <FirstFrame.Provider value>
      <Router ssrPath={path} ssrSearch="">
        <App />
      </Router>
    </FirstFrame.Provider>,
  );
}
