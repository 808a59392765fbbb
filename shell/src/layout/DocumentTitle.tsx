import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { resolveTab, routeAt, type RouteName } from '../routes';

/** The brand in every title, never translated. */
const BRAND = 'JMSwap';

/** Each page's name as the sub-menu says it (the index by its tab). */
const PAGE_NAMES: Record<Exclude<RouteName, 'index'>, MessageDescriptor> = {
  charts: msg`Charts`,
  pools: msg`Pools`,
  listing: msg`List a token`,
  info: msg`For projects`,
  help: msg`Help center`,
};
const SWAP = msg`Swap`;
const LIQUIDITY = msg`Liquidity`;
const NOT_FOUND = msg`Page not found`;

/** "Pools | JMSwap": the page's name first, for browser tabs, history and screen readers. */
export function pageTitle(
  pathname: string,
  search: string,
  translate: (m: MessageDescriptor) => string,
) {
  const route = routeAt(pathname);
  const name =
    route === undefined
      ? NOT_FOUND
      : route === 'index'
        ? resolveTab(new URLSearchParams(search).get('t')) === 'addLiquidity'
          ? LIQUIDITY
          : SWAP
        : PAGE_NAMES[route];
  return `${translate(name)} | ${BRAND}`;
}

/**
 * The page's name as its level-one heading, for screen readers' heading navigation: the pages
 * other than the index (which shows its own) open with their card's heading (h2) or none.
 */
export function PageHeading({ route }: { route: Exclude<RouteName, 'index'> }) {
  const { i18n } = useLingui();
  return <h1 className="jm-visually-hidden">{i18n._(PAGE_NAMES[route])}</h1>;
}

/**
 * Keeps document.title on the page shown, in the page's language, and says the new page's name
 * to screen readers when a link moves to another page: a page load is announced by the browser,
 * a client-side move is not (the focus stays on the link). The same approach as Next.js's route
 * announcer; a language or tab switch is not announced, only a new path.
 */
export function DocumentTitle() {
  const { i18n } = useLingui();
  const [pathname] = useLocation();
  const search = useSearch();
  const title = pageTitle(pathname, search, (m) => i18n._(m));
  const [announced, setAnnounced] = useState('');
  const shownPath = useRef(pathname);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setAnnounced(title);
  }, [pathname, title]);
  return (
    <p
      className="jm-visually-hidden"
      aria-live="assertive"
      aria-atomic="true"
      data-testid="route-announcer"
    >
      {announced}
    </p>
  );
}
