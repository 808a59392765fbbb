import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { BehaviorSubject, Observable } from 'rxjs';
import { networks$, loadNetworks, networkOf, type NetworksState } from '../config/registry';
import { extraTokensPending, extraTokensVersion$ } from '../config/extraTokens';
import type { NetworkConfig, NetworkId } from '../config/types';
import { network$, session$, type WalletSession } from '../bus/session';
import type { RemoteScreenProps } from '../ui-contract';

const subscribers = new WeakMap<Observable<unknown>, (onChange: () => void) => () => void>();

/**
 * One subscribe function per source, for useSyncExternalStore: a new function on each render
 * makes React unsubscribe and subscribe again on every render (the swap box did so six times a
 * keystroke).
 */
export function subscriberOf(source: Observable<unknown>): (onChange: () => void) => () => void {
  let subscribe = subscribers.get(source);
  if (subscribe === undefined) {
    subscribe = (onChange) => {
      const sub = source.subscribe(onChange);
      return () => sub.unsubscribe();
    };
    subscribers.set(source, subscribe);
  }
  return subscribe;
}

/** Subscribes a component to a BehaviorSubject (current value first, then updates). */
export function useSubject<T>(subject: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    subscriberOf(subject),
    () => subject.getValue(),
    // The build's prerendered html renders with the initial values.
    () => subject.getValue(),
  );
}

/** Subscribes to any observable, starting from `initial`. */
export function useObservable<T>(source: Observable<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const sub = source.subscribe(setValue);
    return () => sub.unsubscribe();
  }, [source]);
  return value;
}

export const useSelectedNetwork = (): NetworkId => useSubject(network$);
export const useWalletSession = (): WalletSession => useSubject(session$);

/** networks.json state; triggers the (once per page) load. */
export function useNetworks(): NetworksState {
  const state = useSubject(networks$);
  useEffect(() => {
    if (state.status === 'loading') loadNetworks().catch(() => undefined);
  }, [state.status]);
  return state;
}

export type NetworkConfigState =
  | { status: 'loading' }
  | { status: 'ready'; network: NetworkConfig }
  | { status: 'error'; message: string };

/**
 * The config of one network (or the selected one) with its extra tokens (imported, from token
 * lists): a new object when they change, the same one otherwise.
 */
export function useNetworkConfig(id?: NetworkId): NetworkConfigState {
  const selected = useSelectedNetwork();
  const state = useNetworks();
  useSubject(extraTokensVersion$);
  if (state.status !== 'ready') return state;
  const network = id ?? selected;
  // A browser's imported tokens are being checked (a small chunk): a screen restoring one from
  // its URL shows it once they are merged instead of clearing it.
  if (extraTokensPending(state.file.networks[network], state.file.profile))
    return { status: 'loading' };
  return { status: 'ready', network: networkOf(state.file, network) };
}

/**
 * The pair the user chose, written into the page's link as from and to (replacing the history
 * entry): a reload or a shared link opens the same pair, as Uniswap's and PancakeSwap's links do.
 * The pair a screen opened with is the link's already; undefined symbols take from and to out.
 */
export function usePairInLink(
  from: string | undefined,
  to: string | undefined,
  setQuery: RemoteScreenProps['setQuery'],
) {
  // The shell makes a new setter each render: the effect follows the pair only.
  const write = useRef(setQuery);
  write.current = setQuery;
  const shown = useRef(`${from}/${to}`);
  useEffect(() => {
    const pair = `${from}/${to}`;
    if (pair === shown.current) return;
    shown.current = pair;
    write.current?.({ from, to }, { replace: true });
  }, [from, to]);
}
