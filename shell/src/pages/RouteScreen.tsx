import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import {
  network$,
  selectNetwork,
  setLoading,
  trackEvent,
  type NetworkId,
  type RemoteScreenProps,
} from '@jmswap/shared-chain';
import { PageHeading } from '../layout/DocumentTitle';
import {
  entryLeftWithNetwork,
  LOADING_ROUTES,
  resolveRouteNetwork,
  ROUTE_NETWORKS,
  routeEventName,
  type RouteName,
} from '../routes';

interface Props {
  route: RouteName;
  children: (ctx: {
    network: NetworkId;
    query: Record<string, string | undefined>;
    setQuery: NonNullable<RemoteScreenProps['setQuery']>;
  }) => ReactNode;
}

/**
 * Entering a route: resolves its network (n), makes it the selected network, logs ROUTE_<name>,
 * and sets the loading state where the spec asks. Changing n (on a route that shows one) or t
 * remounts the content, which reloads the route's state.
 */
export function RouteScreen({ route, children }: Props) {
  const [params, setParams] = useSearchParams();
  const network = resolveRouteNetwork(route, params.get('n'), network$.getValue());
  const t = params.get('t') ?? '';
  const query = Object.fromEntries(params.entries());

  useEffect(() => {
    selectNetwork(network);
  }, [network]);

  // A network tab on a page that shows no network (listing, info, help) switches the header's
  // network only: the page stays, with what was typed in it (the listing form).
  const screenKey = ROUTE_NETWORKS[route].length > 0 ? `${network}:${t}` : t;

  useEffect(() => {
    trackEvent(routeEventName(route), { network });
    if (LOADING_ROUTES.includes(route)) setLoading(true);
    return () => setLoading(false);
    // Once per entry to the screen: `network` is the one it was entered with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route, screenKey]);

  const setQuery: NonNullable<RemoteScreenProps['setQuery']> = (changes, options) => {
    const left =
      changes.n !== undefined && changes.n !== network && !options?.replace
        ? entryLeftWithNetwork(params.toString(), network)
        : undefined;
    if (left) setParams(left, { replace: true });
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: options?.replace },
    );
  };

  return (
    <div key={screenKey}>
      {route !== 'index' && <PageHeading route={route} />}
      {children({ network, query, setQuery })}
    </div>
  );
}
