import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile, type NetworkConfig } from '@jmswap/shared-chain';
import { type ApiInfoPair } from '@jmswap/shared-chain/history';
import { buildRows, formatUsd } from './pools';

const TRON_PAIR = 'TUoBuMdpgaaSedSDcLWbW5dNBcPb4ZcJ17';
const SPAM_PAIR = 'TCDHARMMFqgENJFH1S66deEgVCtgqrEsSV';

function tron(): NetworkConfig {
  const network = parseNetworksFile(production).networks.TRON;
  network.pools = [{ symbolA: 'TRX', symbolB: 'JM', address: TRON_PAIR }];
  return network;
}
const info = (address: string, liquidityUsd: number): ApiInfoPair => ({
  address,
  symbolA: 'TRX',
  symbolB: 'JM',
  reserveA: '1',
  reserveB: '1',
  price: 1,
  volume24HUsd: 1,
  liquidityUsd,
  fees24HUsd: 0,
  aprPercent: 0,
  trades24H: 0,
});

it('takes a configured pool by its pair address, never a same-named pair elsewhere', () => {
  const [row] = buildRows(
    tron(),
    [
      { pair: SPAM_PAIR, symbolA: 'WTRX', symbolB: 'JM', reserveA: 1n, reserveB: 1n },
      { pair: TRON_PAIR, symbolA: 'JM', symbolB: 'WTRX', reserveA: 500n, reserveB: 7n },
    ],
    { pairs: [info(SPAM_PAIR, 1), info(TRON_PAIR, 2)], tokens: {} },
  );
  expect(row).toMatchObject({ reserveA: 7n, reserveB: 500n, api: { liquidityUsd: 2 } });
});

it('shows nothing rather than a same-named pair when the configured pair is missing', () => {
  const [row] = buildRows(
    tron(),
    [{ pair: SPAM_PAIR, symbolA: 'TRX', symbolB: 'JM', reserveA: 1n, reserveB: 1n }],
    { pairs: [info(SPAM_PAIR, 1)], tokens: {} },
  );
  expect(row).toEqual({ pool: tron().pools[0] });
});

it('falls back to symbols when the chain adapter gives no pair address', () => {
  const [row] = buildRows(
    tron(),
    [{ symbolA: 'WTRX', symbolB: 'JM', reserveA: 3n, reserveB: 4n }],
    undefined,
  );
  expect(row).toMatchObject({ reserveA: 3n, reserveB: 4n, api: undefined });
});

it('writes USD figures exactly as Intl en-US currency does, rounding included', () => {
  const intl = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 2,
  });
  const values = [0, -0, 0.004, 0.005, 0.015, 1.005, 2.675, 999.995, 1e-7, 0.1 + 0.2, 1e21, 1.5e22];
  for (let i = 0; i < 2000; i += 1) values.push(Math.random() * 10 ** (Math.random() * 14));
  for (const value of values) expect(formatUsd(value)).toBe(intl.format(value));
  expect(formatUsd(600_000)).toBe('$600,000.00');
  expect(formatUsd(null)).toBe('n/a');
});

it('joins a thousand pools to their balances and figures by pair address', () => {
  const network = tron();
  const address = (i: number) => `T${String(i).padStart(33, '0')}`;
  network.pools = Array.from({ length: 1000 }, (_, i) => ({
    symbolA: 'TRX',
    symbolB: 'JM',
    address: address(i),
  }));
  const states = network.pools.map((p, i) => ({
    pair: p.address.toLowerCase(),
    symbolA: 'JM',
    symbolB: 'TRX',
    reserveA: BigInt(i),
    reserveB: BigInt(2 * i),
  }));
  const rows = buildRows(network, states.reverse(), {
    pairs: network.pools.map((p, i) => info(p.address, i)),
    tokens: {},
  });
  expect(rows[999]).toMatchObject({ reserveA: 1998n, reserveB: 999n, api: { liquidityUsd: 999 } });
  expect(rows[3]).toMatchObject({ reserveA: 6n, reserveB: 3n, api: { liquidityUsd: 3 } });
});
