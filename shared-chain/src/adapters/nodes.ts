/**
 * One NodePool per network (and node list), shared by everything that talks to its nodes on
 * this page: the light readers (EVM JSON-RPC, TRON HTTP API) and the ethers provider the EVM
 * writers and the dev wallet use. Its status$ is every reader's status$ for that network: the
 * swap box's "Network unreachable" banner shows while it says "unreachable" (every node failed
 * its last request) and goes away by itself when a node answers again.
 *
 * Loaded with the first chain read (not in the singleton's first load).
 */
import { BehaviorSubject } from 'rxjs';
import type { NetworkConfig } from '../config/types';
import { nodeUrlsOf } from '../config/nodeUrls';
import { NodePool, type NodeStatus } from '../core/nodePool';

export interface NetworkNodes {
  readonly pool: NodePool;
  readonly status$: BehaviorSubject<NodeStatus>;
}

type NodesOf = Pick<NetworkConfig, 'id' | 'nodeUrl' | 'nodeUrls'>;

const registry = new Map<string, NetworkNodes>();

/** The pool of a network's nodes (one per network id and node list, for the whole page). */
export function nodesFor(network: NodesOf): NetworkNodes {
  const urls = nodeUrlsOf(network);
  const key = `${network.id} ${urls.join(' ')}`;
  let nodes = registry.get(key);
  if (nodes === undefined) {
    const pool = new NodePool(urls, {
      onFailure: (node, ms) =>
        console.warn(
          `[shared-chain] ${network.id}: node ${node.url} failed (${node.lastError ?? 'error'}); ` +
            `${urls.length > 1 ? 'reads go to the next node; ' : ''}passed over for ${ms / 1000} s`,
        ),
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
 * the first the pool has not seen fail lately, else the first listed.
 */
export function liveNodeUrl(network: NodesOf): string {
  return nodesFor(network).pool.pick() ?? network.nodeUrl;
}

/** Test hook: forget every pool (and what it knew of its nodes). */
export function forgetNodePools(): void {
  registry.clear();
}
