import { useEffect, useState } from 'react';
import type { NetworkConfig } from '../../config/types';
import { readSearchInput } from '../../config/tokenIdentity';
import { getBalances } from '../../services/reads';
import { inspectTokenAddress, type TokenInspection } from '../../services/tokenImport';
import { useWalletSession } from '../hooks';

/** The picker reads the balances of at most this many tokens (each is a read on TRON). */
export const PICKER_BALANCE_LIMIT = 400;

/** Reads balances of the connected wallet by key (a remote passes its own services' door). */
export type BalanceLoader = (
  owner: string,
  keys: string[],
) => Promise<Record<string, bigint> | undefined>;

/**
 * The balances `read` gives for `keys`; when the whole read fails (a reader answers all or
 * nothing), each key is asked on its own, so one token that cannot be read (a dead contract on a
 * token list, a broken import) does not cost the others their balances. The reads that
 * succeeded are cached by the reader: asking again costs only the failed ones.
 */
export async function eachBalance(
  read: BalanceLoader,
  owner: string,
  keys: string[],
): Promise<Record<string, bigint>> {
  const all = await read(owner, keys).catch(() => undefined);
  if (all || keys.length === 1) return all ?? {};
  const each = await Promise.all(keys.map((k) => read(owner, [k]).catch(() => undefined)));
  return Object.assign({}, ...each.filter((b) => b !== undefined)) as Record<string, bigint>;
}

/** The connected wallet's balances of `keys` (empty without a wallet), read when they change. */
export function usePickerBalances(
  network: NetworkConfig,
  keys: readonly string[],
  load?: BalanceLoader,
): Record<string, bigint> {
  const session = useWalletSession();
  const owner = session.connected ? session.address : undefined;
  const [balances, setBalances] = useState<Record<string, bigint>>({});
  const wanted = keys.slice(0, PICKER_BALANCE_LIMIT).join(' ');
  useEffect(() => {
    if (!owner || wanted === '') return setBalances({});
    let live = true;
    const read = load ?? ((o: string, k: string[]) => getBalances(k, o, network.id));
    void eachBalance(read, owner, wanted.split(' ')).then((b) => live && setBalances(b));
    return () => {
      live = false;
    };
    // The loader is the caller's door to the chain; a new function each render is the same door.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [network.id, owner, wanted]);
  return balances;
}

export type ImportState =
  | { status: 'idle' }
  | { status: 'reading'; address: string }
  | { status: 'read'; address: string; inspection: TokenInspection };

/** How long the picker waits after the last keystroke before it reads a pasted address. */
export const INSPECT_DEBOUNCE_MS = 200;

/**
 * Reads the address in the search field from the chain (debounced, the last one wins): idle
 * while the text is not an address of this network or is a token the network already offers.
 */
export function useImportInspection(
  network: NetworkConfig,
  query: string,
  enabled: boolean,
): ImportState {
  const [state, setState] = useState<ImportState>({ status: 'idle' });
  const input = readSearchInput(query, network.platform);
  const address = enabled && input.kind === 'address' ? input.address : undefined;
  useEffect(() => {
    if (address === undefined) return setState({ status: 'idle' });
    let live = true;
    setState({ status: 'reading', address });
    const timer = setTimeout(() => {
      inspectTokenAddress(address, network.id).then(
        (inspection) => live && setState({ status: 'read', address, inspection }),
        (error: unknown) => {
          console.error('[shared-chain] token import read failed', error);
          if (live) setState({ status: 'idle' });
        },
      );
    }, INSPECT_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [network.id, address]);
  return state;
}
