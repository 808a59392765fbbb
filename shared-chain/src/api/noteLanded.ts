/**
 * Notes that one of this browser's sends changed a network's pools or trades (`notingLandings`
 * wraps every writer): the api clients then read past the answers kept from before it
 * (landed.ts). Apart from landed.ts because every page's first load carries it: a key per
 * network, no reading.
 */
import type { NetworkId } from '../config/types';
import type { ChainWriter, TxResult } from '../adapters/types';

/** localStorage key of a network's last landing (ms): this prefix and the network's id. */
export const LANDED_KEY_PREFIX = 'JMSWAP_LANDED_AT_';

/** The page event that tells every copy of the clients in this page (storage events do not). */
export const LANDED_EVENT = 'jmswap:landed';

export function noteLanded(network: NetworkId, now: number = Date.now()): void {
  try {
    localStorage.setItem(LANDED_KEY_PREFIX + network, String(now));
  } catch {
    // no storage, or it refused: this page is still told below
  }
  globalThis.dispatchEvent?.(new CustomEvent(LANDED_EVENT, { detail: { network, at: now } }));
}

/**
 * The writer, each swap and liquidity change that landed noted (noteLanded). Its other methods
 * (approve, the previews of a send and of its fee) are the writer's own, through its prototype.
 */
export function notingLandings<W extends ChainWriter>(w: W, network: NetworkId): W {
  const noted = (result: TxResult): TxResult => {
    if (result.logs !== undefined) noteLanded(network);
    return result;
  };
  const own: Pick<ChainWriter, 'swap' | 'addLiquidity' | 'removeLiquidity'> = {
    swap: (order, hooks) => w.swap(order, hooks).then(noted),
    addLiquidity: (order, hooks) => w.addLiquidity(order, hooks).then(noted),
    removeLiquidity: (order, hooks) => w.removeLiquidity(order, hooks).then(noted),
  };
  return Object.assign(Object.create(w) as W, own);
}
