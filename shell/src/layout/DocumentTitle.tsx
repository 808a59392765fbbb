import { useEffect } from 'react';
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

/** Keeps document.title on the page shown, in the page's language. */
export function DocumentTitle() {
  const { i18n } = useLingui();
  const [pathname] = useLocation();
  const search = useSearch();
  const title = pageTitle(pathname, search, (m) => i18n._(m));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
