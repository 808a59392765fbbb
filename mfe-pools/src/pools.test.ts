import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile, type NetworkConfig } from '@jmswap/shared-chain';
import { type ApiInfoPair } from '@jmswap/shared-chain/history';
import { buildRows } from './pools';

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
