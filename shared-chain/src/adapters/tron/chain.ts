/**
 * Which TRON network a node (or TronLink's node) is on, without importing tronweb: TRON's chain
 * id is the last 4 bytes of the genesis block id (mainnet 0x2b6653dc = 728126428, Nile
 * 3448148188, Shasta 2494104990). A node whose genesis is not a known TRON network (the local
 * devnode runs on anvil) is identified by getnodeinfo's p2pVersion instead (java-tron: 11111 on
 * mainnet, 201910292 on Nile, 1 on Shasta; the devnode reports its chain id there).
 */
import { t } from '@lingui/core/macro';
import type { ChainQueryTronWeb } from './tronweb-like';

export const TRON_MAINNET_CHAIN_ID = 728126428;
export const TRON_NILE_CHAIN_ID = 3448148188;
export const TRON_SHASTA_CHAIN_ID = 2494104990;

const KNOWN_CHAIN_IDS = new Set([TRON_MAINNET_CHAIN_ID, TRON_NILE_CHAIN_ID, TRON_SHASTA_CHAIN_ID]);
const P2P_VERSION_TO_CHAIN_ID: Readonly<Record<string, number>> = {
  '11111': TRON_MAINNET_CHAIN_ID,
  '201910292': TRON_NILE_CHAIN_ID,
  '1': TRON_SHASTA_CHAIN_ID,
};

export function chainIdFromGenesisId(blockId: string): number {
  return parseInt(blockId.slice(-8), 16);
}

/** The chain id of the node `tronWeb` talks to; undefined when the node cannot be asked. */
export async function nodeChainId(tronWeb: ChainQueryTronWeb): Promise<number | undefined> {
  try {
    const genesis = (await tronWeb.trx.getBlockByNumber(0)) as { blockID?: string };
    if (typeof genesis?.blockID === 'string' && /^[0-9a-f]{64}$/i.test(genesis.blockID)) {
      const fromGenesis = chainIdFromGenesisId(genesis.blockID);
      if (KNOWN_CHAIN_IDS.has(fromGenesis)) return fromGenesis;
    }
  } catch {
    // fall through to getnodeinfo
  }
  try {
    const info = (await tronWeb.trx.getNodeInfo()) as {
      configNodeInfo?: { p2pVersion?: string | number };
    };
    const p2p = String(info?.configNodeInfo?.p2pVersion ?? '');
    const mapped = P2P_VERSION_TO_CHAIN_ID[p2p];
    if (mapped !== undefined) return mapped;
    if (/^[0-9]{1,10}$/.test(p2p)) return parseInt(p2p, 10);
  } catch (error) {
    console.error('TRON: cannot read the node chain', error);
  }
  return undefined;
}

/** A TRON network's own name (not translated), or what else the node is on. */
export function chainName(chainId: number | undefined): string {
  /* eslint-disable lingui/no-unlocalized-strings -- network names stay as they are */
  switch (chainId) {
    case TRON_MAINNET_CHAIN_ID:
      return 'TRON Mainnet';
    case TRON_NILE_CHAIN_ID:
      return 'Nile testnet';
    case TRON_SHASTA_CHAIN_ID:
      return 'Shasta testnet';
    default:
      return chainId === undefined ? t`an unknown network` : t`chain ${chainId}`;
  }
  /* eslint-enable lingui/no-unlocalized-strings */
}
