import { useEffect, useState, useSyncExternalStore } from 'react';
import type { BehaviorSubject, Observable } from 'rxjs';
import { networks$, loadNetworks, type NetworksState } from '../config/registry';
import type { NetworkConfig, NetworkId } from '../config/types';
import { network$, session$, type WalletSession } from '../bus/session';

/** Subscribes a component to a BehaviorSubject (current value first, then updates). */
export function useSubject<T>(subject: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    (onChange) => {
      const sub = subject.subscribe(onChange);
      return () => sub.unsubscribe();
    },
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

/** The config of one network (or the selected one). */
export function useNetworkConfig(id?: NetworkId): NetworkConfigState {
  const selected = useSelectedNetwork();
  const state = useNetworks();
  if (state.status !== 'ready') return state;
  return { status: 'ready', network: state.file.networks[id ?? selected] };
}
