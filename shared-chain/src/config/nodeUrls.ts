import type { NetworkConfig } from './types';

/**
 * The network's nodes in order of preference: nodeUrls, else the single nodeUrl, else none.
 * (Not re-exported by the package: the singleton's API stays as it is.)
 */
export function nodeUrlsOf(network: Pick<NetworkConfig, 'nodeUrl' | 'nodeUrls'>): string[] {
  if (network.nodeUrls !== undefined) return network.nodeUrls;
  return network.nodeUrl ? [network.nodeUrl] : [];
}
