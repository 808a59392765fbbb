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
import {
  entryLeftWithNetwork,
  LOADING_ROUTES,
  resolveRouteNetwork,
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
 * and sets the loading state where the spec asks. Changing n or t remounts the content,
 * which reloads the route's state.
 */
export function RouteScreen({ route, children }: Props) {
  const [params, setParams] = useSearchParams();
  const network = resolveRouteNetwork(route, params.get('n'), network$.getValue());
  const t = params.get('t') ?? '';
  const query = Object.fromEntries(params.entries());

  useEffect(() => {
    selectNetwork(network);
  }, [network]);

  useEffect(() => {
    trackEvent(routeEventName(route), { network });
    if (LOADING_ROUTES.includes(route)) setLoading(true);
    return () => setLoading(false);
  }, [route, network, t]);

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

  return <div key={`${network}:${t}`}>{children({ network, query, setQuery })}</div>;
}
