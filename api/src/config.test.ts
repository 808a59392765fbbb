import {
  DEFAULT_CONFIRMATIONS,
  indexedNetworks,
  NETWORK_IDS,
  nodeUrlsOf,
  type NetworksFile,
} from './config';

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

describe('nodeUrls (several nodes per network)', () => {
  it('takes nodeUrls in order when present, else nodeUrl alone', () => {
    expect(nodeUrlsOf({ nodeUrl: 'https://a.test' })).toEqual(['https://a.test']);
    expect(
      nodeUrlsOf({ nodeUrl: 'https://a.test', nodeUrls: ['https://b.test', 'https://a.test'] }),
    ).toEqual(['https://b.test', 'https://a.test']);
    expect(nodeUrlsOf({ nodeUrls: ['https://b.test'] })).toEqual(['https://b.test']);
  });
  it('leaves out what is not an http(s) url, repeats and urls with credentials', () => {
    expect(
      nodeUrlsOf({
        nodeUrls: ['https://b.test', 'ftp://x', 'https://u:p@c.test', 42, 'https://b.test', ''],
      }),
    ).toEqual(['https://b.test']);
    // Nothing usable in the list: the single url, if any.
    expect(nodeUrlsOf({ nodeUrl: 'https://a.test', nodeUrls: ['nope'] })).toEqual([
      'https://a.test',
    ]);
    expect(nodeUrlsOf({ nodeUrls: 'https://a.test' })).toEqual([]);
  });
  it('a network without a usable node is not indexed', () => {
    const f = file();
    (f.networks.BSC as unknown as Record<string, unknown>).nodeUrl = '';
    (f.networks.ETH as unknown as Record<string, unknown>).nodeUrls = [
      'https://e1.test',
      'https://e2.test',
    ];
    const nets = indexedNetworks(f);
    expect(nets.map((n) => n.id)).not.toContain('BSC');
    expect(nets.find((n) => n.id === 'ETH')).toMatchObject({
      nodeUrl: 'https://e1.test',
      nodeUrls: ['https://e1.test', 'https://e2.test'],
    });
  });
});
