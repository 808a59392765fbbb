import production from '../../config/networks.production.json';
import {
  nodeUrlProblem,
  nodeUrlsFor,
  parseNetworksFile,
  relayUrlProblem,
  walletConnectFrom,
} from './schema';
import { isNetworkConfigured, NETWORK_IDS } from './types';

const clone = () => JSON.parse(JSON.stringify(production));

describe('networks.json', () => {
  it('the production file lists the five networks with the spec token sets', () => {
    const file = parseNetworksFile(production);
    expect(Object.keys(file.networks)).toEqual([...NETWORK_IDS]);
    const tron = file.networks.TRON;
    expect(Object.keys(tron.tokens)).toHaveLength(21);
    expect(tron.pools).toHaveLength(21);
    expect(tron.tokens.JM).toMatchObject({ decimals: 8, tax: 3, canAddToken: true });
    expect(tron.tokens.SafeMoney).toMatchObject({ tax: 10, useNormalRouterForLiquidity: true });
    expect(file.networks.BSC.pools).toHaveLength(7);
    expect(file.networks.BSC.tokens.O1T?.tax).toBe(7);
    expect(file.networks.BSC.tokens.PSRS).toMatchObject({
      tax: 2,
      useNormalRouterForLiquidity: true,
    });
    expect(file.networks.POLY.defaultTokens).toEqual(['USDT', 'MATIC']);
    expect(file.networks.BTTC.gasPrice).toBe('1000000000000000');
    expect(file.networks.POLY.gasPrice).toBe('60000000000');
    for (const net of Object.values(file.networks)) expect(net.exchange.MAX_HOP_LENGTH).toBe(3);
  });

  it('shows production networks without addresses as not configured', () => {
    const file = parseNetworksFile(production);
    expect(isNetworkConfigured(file.networks.ETH)).toBe(false);
    const configured = clone();
    Object.assign(configured.networks.ETH.exchange, {
      FACTORY_ADDRESS: '0x1',
      ROUTER_ADDRESS: '0x2',
      LIQUIDITY_ROUTER: '0x3',
      SWAP_API: '0x4',
    });
    expect(isNetworkConfigured(parseNetworksFile(configured).networks.ETH)).toBe(true);
  });

  it.each([
    ['a missing network', (f: any) => delete f.networks.BTTC, /networks.BTTC/],
    [
      'a bad decimals value',
      (f: any) => (f.networks.ETH.tokens.USDT.decimals = 6.5),
      /networks.ETH.tokens.USDT.decimals/,
    ],
    [
      'an unknown default token',
      (f: any) => (f.networks.ETH.defaultTokens = ['ETH', 'DAI']),
      /unknown token DAI/,
    ],
    [
      'a pool of unknown tokens',
      (f: any) => f.networks.ETH.pools.push({ symbolA: 'ETH', symbolB: 'X', address: '' }),
      /ETH\/X/,
    ],
    ['a non-numeric gas price', (f: any) => (f.networks.POLY.gasPrice = '6e10'), /gasPrice/],
  ])('rejects %s with a message naming it', (_, mutate, message) => {
    const file = clone();
    mutate(file);
    expect(() => parseNetworksFile(file)).toThrow(message);
  });

  it('the production file lists at least two public https nodes per network', () => {
    const file = parseNetworksFile(production);
    for (const net of Object.values(file.networks)) {
      expect(net.nodeUrls?.length).toBeGreaterThanOrEqual(2);
      for (const url of net.nodeUrls ?? []) expect(new URL(url).protocol).toBe('https:');
      const urls = net.nodeUrls ?? [];
      expect(new Set(urls.map((u) => new URL(u).host)).size).toBe(urls.length);
      // nodeUrl, read by the api and the widget SDK, is the first of them.
      expect(net.nodeUrl).toBe(net.nodeUrls?.[0]);
      expect((production.networks as Record<string, { nodeUrl: string }>)[net.id]?.nodeUrl).toBe(
        net.nodeUrl,
      );
    }
  });

  describe('node lists', () => {
    let warnings: string[];
    beforeEach(() => {
      warnings = [];
      jest.spyOn(console, 'warn').mockImplementation((m: string) => void warnings.push(m));
    });
    afterEach(() => jest.restoreAllMocks());

    it('takes nodeUrls in order; a single nodeUrl is a list of one', () => {
      const file = clone();
      file.networks.BSC.nodeUrls = ['https://a.example', 'http://127.0.0.1:8545/rpc'];
      delete file.networks.ETH.nodeUrls;
      file.networks.ETH.nodeUrl = 'https://eth.example';
      const parsed = parseNetworksFile(file);
      expect(parsed.networks.BSC.nodeUrls).toEqual([
        'https://a.example',
        'http://127.0.0.1:8545/rpc',
      ]);
      expect(parsed.networks.BSC.nodeUrl).toBe('https://a.example');
      expect(parsed.networks.ETH.nodeUrls).toEqual(['https://eth.example']);
      expect(warnings).toEqual([]);
    });

    it("skips the api's ws(s) nodes without a warning; blockTimeMs is checked", () => {
      const file = clone();
      file.networks.BSC.nodeUrls = ['ws://127.0.0.1:8546', 'http://127.0.0.1:8546'];
      (file.networks.BSC as { blockTimeMs?: number }).blockTimeMs = 750;
      const parsed = parseNetworksFile(file);
      expect(parsed.networks.BSC.nodeUrls).toEqual(['http://127.0.0.1:8546']);
      expect(parsed.networks.BSC.blockTimeMs).toBe(750);
      expect(warnings).toEqual([]);
      (file.networks.BSC as { blockTimeMs?: number }).blockTimeMs = 3;
      expect(() => parseNetworksFile(file)).toThrow(/networks\.BSC\.blockTimeMs/);
    });

    it('leaves a bad entry out with a warning naming it, and keeps the good ones', () => {
      const file = clone();
      file.networks.BSC.nodeUrls = [
        'ftp://files.example',
        'https://good.example',
        42,
        'https://user:secret@keyed.example',
        'https://good.example',
        'not a url',
        'https://second.example',
      ];
      const parsed = parseNetworksFile(file);
      expect(parsed.networks.BSC.nodeUrls).toEqual([
        'https://good.example',
        'https://second.example',
      ]);
      expect(warnings).toEqual([
        'networks.json: BSC node "ftp://files.example" is not an http(s) url; left out',
        'networks.json: BSC node 42 is not a url; left out',
        'networks.json: BSC node "https://user:secret@keyed.example" carries credentials; left out',
        'networks.json: BSC node "https://good.example" is listed twice; left out',
        'networks.json: BSC node "not a url" is not a url; left out',
      ]);
    });

    it('a network with no valid node has no node configured (nodeUrl empty), the rest still loads', () => {
      const file = clone();
      file.networks.POLY.nodeUrls = ['javascript:alert(1)'];
      file.networks.BTTC.nodeUrls = 'https://not-a-list.example';
      delete file.networks.ETH.nodeUrls;
      delete file.networks.ETH.nodeUrl;
      const parsed = parseNetworksFile(file);
      expect(parsed.networks.POLY).toMatchObject({ nodeUrl: '', nodeUrls: [] });
      expect(parsed.networks.ETH).toMatchObject({ nodeUrl: '', nodeUrls: [] });
      // nodeUrls not being a list: the single nodeUrl still counts.
      expect(parsed.networks.BTTC.nodeUrls).toEqual(['https://rpc.bt.io']);
      expect(parsed.networks.TRON.nodeUrls).toHaveLength(2);
      expect(warnings).toContain(
        'networks.json: POLY node "javascript:alert(1)" is not an http(s) url; left out',
      );
      expect(warnings).toContain('networks.json: BTTC nodeUrls is not a list; left out');
    });

    it('an empty nodeUrl alone says "no node" without a warning', () => {
      expect(nodeUrlsFor('ETH', { nodeUrl: '' })).toEqual([]);
      expect(nodeUrlsFor('ETH', { nodeUrls: [] })).toEqual([]);
      expect(warnings).toEqual([]);
      expect(nodeUrlProblem('  ')).toBe('is not a url');
      expect(nodeUrlProblem('https://ok.example/path?key=1')).toBeUndefined();
    });
  });

  describe('walletConnect', () => {
    it('keeps a project id and a wss relay; no entry means no mobile wallet', () => {
      const file = clone();
      file.walletConnect = { projectId: 'abc123', relayUrl: 'wss://relay.example.org' };
      expect(parseNetworksFile(file).walletConnect).toEqual(file.walletConnect);
      expect(parseNetworksFile(clone()).walletConnect).toBeUndefined();
    });

    it('a bad entry turns only the mobile wallet off, and says why', () => {
      const warnings: string[] = [];
      const warn = (m: string) => warnings.push(m);
      expect(
        walletConnectFrom({ projectId: 'p', relayUrl: 'https://relay.example.org' }, warn),
      ).toBeUndefined();
      expect(
        walletConnectFrom({ projectId: '', relayUrl: 'wss://r.example' }, warn),
      ).toBeUndefined();
      expect(walletConnectFrom('wss://r.example', warn)).toBeUndefined();
      expect(warnings[0]).toBe(
        'networks.json: walletConnect.relayUrl is not a wss:// url (ws:// only on localhost); mobile wallet off',
      );
      expect(warnings[1]).toMatch(/^networks.json: walletConnect.projectId is not a project id/);
      expect(warnings).toHaveLength(3);
      const file = clone();
      file.walletConnect = { projectId: 'p', relayUrl: 'ws://relay.example.org' };
      expect(parseNetworksFile(file).networks.BSC).toBeDefined();
      expect(parseNetworksFile(file).walletConnect).toBeUndefined();
    });

    it('a relay url: wss anywhere, ws on this machine only, no path, query or credentials', () => {
      expect(relayUrlProblem('wss://relay.walletconnect.org')).toBeUndefined();
      expect(relayUrlProblem('ws://localhost:8086')).toBeUndefined();
      expect(relayUrlProblem('ws://127.0.0.1:8086/')).toBeUndefined();
      expect(relayUrlProblem('ws://10.0.0.2:8086')).toMatch(/not a wss/);
      expect(relayUrlProblem('wss://u:p@relay.example')).toBe('carries credentials');
      expect(relayUrlProblem('wss://relay.example/x?projectId=1')).toBe('has a path or query');
      expect(relayUrlProblem('relay.example')).toBe('is not a url');
    });
  });
});
