/**
 * One NodePool per network (and node list), shared by everything that talks to its nodes on
 * this page: the light readers (EVM JSON-RPC, TRON HTTP API) and the ethers provider the EVM
 * writers and the dev wallet use. Its status$ is every reader's status$ for that network:
 * "unreachable" while every node failed its last request (or no node of the network's chain is
 * left), "ok" again when one answers. The swap box reads its pools again on each change; its
 * "Network unreachable" banner shows when that read fails, not for a failed balance read.
 *
 * Every node is asked its chain and head before its first answer is used (core/nodePool.ts;
 * the clients' `ask`: EVM eth_chainId, TRON the genesis block's id). A node of another chain is
 * set aside until the page is reloaded, said in the console and reported to the operators; a
 * node more than `maxNodeLagBlocks` behind the best head seen is passed over like a failing one.
 *
 * Loaded with the first chain read (not in the singleton's first load).
 */
import { BehaviorSubject } from 'rxjs';
import type { NetworkConfig, NetworkId } from '../config/types';
import { nodeUrlsOf } from '../config/nodeUrls';
import { NodePool, type NodeStatus } from '../core/nodePool';
import { emit } from '../bus/events';

export interface NetworkNodes {
  readonly pool: NodePool;
  readonly status$: BehaviorSubject<NodeStatus>;
}

type NodesOf = Pick<NetworkConfig, 'id' | 'nodeUrl' | 'nodeUrls' | 'chainId'> &
  Partial<Pick<NetworkConfig, 'maxNodeLagBlocks'>> & { blockTimeMs?: number };

/** A block every ... on each network, when networks.json does not say (`blockTimeMs`). */
export const DEFAULT_BLOCK_TIME_MS: Record<NetworkId, number> = {
  TRON: 3_000,
  BSC: 3_000,
  POLY: 2_000,
  BTTC: 2_000,
  ETH: 12_000,
};
/** A node may trail the best head by about this long of blocks (`maxNodeLagBlocks` overrides). */
export const DEFAULT_LAG_MS = 30_000;

/** The network's block time and the blocks a node may trail the best head seen. */
export function lagAllowance(network: NodesOf): { blockTimeMs: number; maxLagBlocks: number } {
  const blockTimeMs =
    network.blockTimeMs && network.blockTimeMs > 0
      ? network.blockTimeMs
      : (DEFAULT_BLOCK_TIME_MS[network.id] ?? 3_000);
  const maxLagBlocks =
    network.maxNodeLagBlocks ?? Math.max(2, Math.ceil(DEFAULT_LAG_MS / blockTimeMs));
  return { blockTimeMs, maxLagBlocks };
}

const registry = new Map<string, NetworkNodes>();

/** Tells the operators (the shell sends it to the api's client reports). */
function reportNode(cause: string): void {
  emit({ type: 'operatorReport', kind: 'node', cause });
}

/** The pool of a network's nodes (one per network id and node list, for the whole page). */
export function nodesFor(network: NodesOf): NetworkNodes {
  const urls = nodeUrlsOf(network);
  const key = `${network.id} ${network.chainId} ${urls.join(' ')}`;
  let nodes = registry.get(key);
  if (nodes === undefined) {
    const id = network.id;
    const pool = new NodePool(urls, {
      onFailure: (node, ms) =>
        console.warn(
          `[shared-chain] ${id}: node ${node.url} failed (${node.lastError ?? 'error'}); ` +
            `${urls.length > 1 ? 'reads go to the next node; ' : ''}passed over for ${ms / 1000} s`,
        ),
      checks: {
        chainId: network.chainId,
        ...lagAllowance(network),
        onWrongChain: (node, found) => {
          const cause = `${id}: node ${node.url} is on chain ${found}, not ${network.chainId}; set aside until the page is reloaded`;
          console.error(`[shared-chain] ${cause}`);
          reportNode(cause);
        },
        onLagging: (node, behind) => {
          const { maxLagBlocks } = lagAllowance(network);
          // The words stay the same from one sighting to the next: one report per node and page.
          reportNode(
            `${id}: node ${node.url} is more than ${maxLagBlocks} blocks behind; passed over`,
          );
          console.warn(
            `[shared-chain] ${id}: node ${node.url} is ${behind} blocks behind the best node`,
          );
        },
      },
    });
    const status$ = new BehaviorSubject<NodeStatus>(pool.status());
    pool.subscribe((status) => status$.next(status));
    nodes = { pool, status$ };
    registry.set(key, nodes);
  }
  return nodes;
}

/**
 * The node a client bound to one url should use now (tronweb's fullHost, a wallet's rpcMap):
 * the first that proved its chain and is not passed over, else the first not passed over, else
 * the first listed.
 */
export function liveNodeUrl(network: NodesOf): string {
  return nodesFor(network).pool.pickChecked() ?? network.nodeUrl;
}

/** Test hook: forget every pool (and what it knew of its nodes). */
export function forgetNodePools(): void {
  registry.clear();
}
