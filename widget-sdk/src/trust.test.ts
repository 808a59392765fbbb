import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  BAKED_PINS,
  disagreement,
  isLoopback,
  pinsFromConfig,
  trustedNetwork,
  type PinnedNetwork,
} from './trust';
import {
  BSC,
  BUSD,
  JM,
  LIQ_ROUTER,
  OTHER,
  PAIR_BNB_USDT,
  ROUTER,
  USDT,
  WBNB,
} from './fixtures.test-util';

const PIN: PinnedNetwork = {
  chainId: BSC.chainId,
  exchange: { ROUTER_ADDRESS: ROUTER.toLowerCase(), LIQUIDITY_ROUTER: LIQ_ROUTER },
  tokens: { BNB: { address: WBNB, tax: 0 }, USDT: { address: USDT, tax: 0 }, JM: { address: JM } },
  pools: [
    { symbolA: 'USDT', symbolB: 'BNB', address: PAIR_BNB_USDT },
    { symbolA: 'BNB', symbolB: 'JM' },
  ],
};

describe('the allow-list pins', () => {
  it('reduces an agreeing config to what the pin names', () => {
    const trusted = trustedNetwork(BSC, [PIN]);
    if (!trusted.ok) throw new Error(trusted.reason);
    expect(Object.keys(trusted.network.tokens)).toEqual(['BNB', 'USDT', 'JM']);
    expect(trusted.network.pools?.map((p) => `${p.symbolA}/${p.symbolB}`)).toEqual([
      'BNB/USDT',
      'BNB/JM',
    ]);
    expect(trusted.network.exchange).toBe(BSC.exchange);
    expect(trustedNetwork(BSC, [undefined, undefined])).toEqual({ ok: true, network: BSC });
  });

  it('names where a config disagrees', () => {
    const pin = (change: Partial<PinnedNetwork>) => ({ ...PIN, ...change });
    expect(disagreement(BSC, PIN)).toBeUndefined();
    expect(disagreement(BSC, pin({ chainId: 56 }))).toMatch(/chain id/);
    expect(
      disagreement(BSC, pin({ exchange: { ROUTER_ADDRESS: OTHER, LIQUIDITY_ROUTER: LIQ_ROUTER } })),
    ).toMatch(/ROUTER_ADDRESS/);
    expect(
      disagreement(BSC, pin({ exchange: { ROUTER_ADDRESS: ROUTER, LIQUIDITY_ROUTER: '' } })),
    ).toMatch(/LIQUIDITY_ROUTER/);
    expect(disagreement(BSC, pin({ tokens: { USDT: { address: OTHER } } }))).toMatch(/USDT/);
    expect(disagreement(BSC, pin({ tokens: { JM: { address: JM, tax: 5 } } }))).toMatch(/tax/);
    expect(
      disagreement(BSC, pin({ pools: [{ symbolA: 'BNB', symbolB: 'USDT', address: OTHER }] })),
    ).toMatch(/pool/);
    // a token or pool only one side names is no disagreement (it is simply not allowed)
    expect(disagreement(BSC, pin({ tokens: { DOGE: { address: OTHER } } }))).toBeUndefined();
    const trusted = trustedNetwork(BSC, [PIN, pin({ tokens: { USDT: { address: OTHER } } })]);
    expect(trusted).toEqual({ ok: false, reason: expect.stringMatching(/BSC config disagrees/) });
  });

  it('bakes each production network that has addresses, and none that has not', () => {
    const production = JSON.parse(
      readFileSync(
        path.join(__dirname, '../../shared-chain/config/networks.production.json'),
        'utf8',
      ),
    );
    const expected = pinsFromConfig(production);
    for (const [id, n] of Object.entries(production.networks) as [string, PinnedNetwork][])
      expect(id in expected).toBe(!!(n.exchange.ROUTER_ADDRESS && n.exchange.LIQUIDITY_ROUTER));

    const filled = pinsFromConfig({
      networks: {
        BSC: {
          chainId: 56,
          exchange: { ROUTER_ADDRESS: ROUTER, LIQUIDITY_ROUTER: LIQ_ROUTER },
          tokens: {
            BNB: { address: WBNB, tax: 0 },
            USDT: { address: USDT },
            BUSD: { address: '' },
          },
          pools: [
            { symbolA: 'BNB', symbolB: 'USDT', address: PAIR_BNB_USDT },
            { symbolA: 'BNB', symbolB: 'BUSD', address: BUSD },
          ],
        },
        ETH: { exchange: { ROUTER_ADDRESS: '', LIQUIDITY_ROUTER: '' } },
      },
    });
    expect(filled).toEqual({
      BSC: {
        chainId: 56,
        exchange: { ROUTER_ADDRESS: ROUTER, LIQUIDITY_ROUTER: LIQ_ROUTER },
        tokens: { BNB: { address: WBNB, tax: 0 }, USDT: { address: USDT, tax: 0 } },
        pools: [{ symbolA: 'BNB', symbolB: 'USDT', address: PAIR_BNB_USDT }],
      },
    });
    expect(BAKED_PINS).toEqual({}); // unbundled: the build defines it
  });

  it('leaves the baked list out for a local development origin only', () => {
    expect(isLoopback('http://localhost:8080')).toBe(true);
    expect(isLoopback('http://127.0.0.1:9080')).toBe(true);
    expect(isLoopback('https://jmswap.example')).toBe(false);
    expect(isLoopback('https://localhost.evil.example')).toBe(false);
    expect(isLoopback('nonsense')).toBe(false);
  });
});
