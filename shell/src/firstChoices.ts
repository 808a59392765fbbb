/**
 * The network and the index tab the page's address and storage choose, told to the first frame
 * by the html's head script. The built frame is the same for every address, so without this it
 * showed no network as chosen until the app ran: a second on a phone, several on a slow line.
 * Kept free of shared modules, as it is inline in every html page; the network is
 * walletEarly.ts' mirror of routes.ts. A wrong guess lasts until the app's first render.
 */
import { routeNetworkAt } from './walletEarly';

export const FIRST_NETWORK_ATTRIBUTE = 'data-first-network';
export const FIRST_TAB_ATTRIBUTE = 'data-first-tab';

/** The index page's tab: routes.ts' resolveTab of `t`. */
export const indexTabAt = (search: string): 'swap' | 'addLiquidity' =>
  new URLSearchParams(search).get('t') === 'addLiquidity' ? 'addLiquidity' : 'swap';

/** Marks <html> with the chosen network and tab, which styles.css shows in the built frame. */
export function markFirstChoices(stored: string | null): void {
  const root = document.documentElement;
  root.setAttribute(
    FIRST_NETWORK_ATTRIBUTE,
    routeNetworkAt(location.pathname, location.search, stored),
  );
  root.setAttribute(FIRST_TAB_ATTRIBUTE, indexTabAt(location.search));
}
