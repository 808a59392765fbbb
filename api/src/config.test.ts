import { DEFAULT_CONFIRMATIONS, indexedNetworks, NETWORK_IDS, type NetworksFile } from './config';

/** A networks.json with every network configured (addresses only matter for being present). */
function file(profile?: 'local' | 'production'): NetworksFile {
  const network = (id: string) => ({
    id,
    platform: id === 'TRON' ? 'tron' : 'evm',
    nodeUrl: 'http://node.test',
    api: { url: 'http://api.test', ownerAddress: '' },
    exchange: { FACTORY_ADDRESS: '0x' + '11'.repeat(20) },
    baseToken: 'X',
    tokens: {},
    pools: [],
  });
  return {
    ...(profile ? { profile } : {}),
    networks: Object.fromEntries(NETWORK_IDS.map((id) => [id, network(id)])),
  } as unknown as NetworksFile;
}

const confirmations = (f: NetworksFile) =>
  Object.fromEntries(indexedNetworks(f).map((n) => [n.id, n.confirmations]));

describe('confirmations per network', () => {
  it('production: every EVM network waits for blocks on top of the head', () => {
    expect(confirmations(file('production'))).toEqual(DEFAULT_CONFIRMATIONS);
    for (const id of ['BSC', 'POLY', 'BTTC', 'ETH'] as const)
      expect(DEFAULT_CONFIRMATIONS[id]).toBeGreaterThan(0);
  });

  it('a file that does not say its profile gets the production depths', () => {
    expect(confirmations(file())).toEqual(DEFAULT_CONFIRMATIONS);
  });

  it('the local profile (anvil, the TRON devnode) indexes up to the head', () => {
    expect(Object.values(confirmations(file('local')))).toEqual([0, 0, 0, 0, 0]);
  });
});
