import { CHART_NETWORKS } from '@jmswap/shared-chain';
import { CHART_NETWORK_IDS, chartsFirstUrls } from './chartsEarly';

const pool = (symbolA: string, symbolB: string, extra: object = {}) => ({
  symbolA,
  symbolB,
  address: `${symbolA}-${symbolB}`,
  ...extra,
});
const FILE = {
  networks: {
    TRON: {
      api: { url: 'http://api.test:8070/' },
      defaultTokens: ['TRX', 'JM'],
      pools: [
        pool('TRX', 'JM'),
        pool('TRX', 'USDT', { invert: true }),
        pool('TRX', 'NOLE', { hideFromCharts: true }),
      ],
    },
    BSC: {
      api: { url: 'https://bsc-api.test' },
      defaultTokens: ['BNB', 'USDT'],
      pools: [pool('BNB', 'USDT')],
    },
    ETH: { api: { url: 'https://eth-api.test' }, defaultTokens: ['ETH', 'USDT'], pools: [] },
  },
};
const tron = (pair: string) => [
  'http://api.test:8070/v1/info',
  `http://api.test:8070/v1/history/tron/candles/3m/${pair}?limit=42`,
];

test("a first visit of /charts asks for TRON's info and the last week of TRX/JM, as the page does", () => {
  expect(chartsFirstUrls(FILE, '', null)).toEqual(tron('TRX/JM'));
});

test('the pair of the query, in its order; an inverted pool is asked the other way round', () => {
  expect(chartsFirstUrls(FILE, '?symbolA=JM&symbolB=TRX', null)).toEqual(tron('JM/TRX'));
  expect(chartsFirstUrls(FILE, '?symbolA=TRX&symbolB=USDT', null)).toEqual(tron('USDT/TRX'));
});

test("a pair the charts do not list (unknown, hidden) falls back to the network's default tokens", () => {
  expect(chartsFirstUrls(FILE, '?symbolA=TRX&symbolB=NOLE', null)).toEqual(tron('TRX/JM'));
  expect(chartsFirstUrls(FILE, '?symbolA=X&symbolB=JM', null)).toEqual(tron('TRX/JM'));
  expect(chartsFirstUrls(FILE, '?n=BSC', null)).toEqual([
    'https://bsc-api.test/v1/info',
    'https://bsc-api.test/v1/history/bsc/candles/3m/BNB/USDT?limit=42',
  ]);
});

test("the network: the query's when the charts show it (else TRON), else the stored one the charts show", () => {
  const infoOf = (search: string, stored: string | null) =>
    chartsFirstUrls(FILE, search, stored)[0];
  expect(infoOf('', 'BSC')).toBe('https://bsc-api.test/v1/info');
  expect(infoOf('?n=TRON', 'BSC')).toBe('http://api.test:8070/v1/info');
  expect(infoOf('?n=ETH', 'BSC')).toBe('http://api.test:8070/v1/info');
  expect(infoOf('?n=bsc', null)).toBe('http://api.test:8070/v1/info');
  expect(infoOf('', 'ETH')).toBe('http://api.test:8070/v1/info');
});

test('nothing when networks.json does not name an http(s) api or the tokens', () => {
  expect(chartsFirstUrls(null, '', null)).toEqual([]);
  expect(chartsFirstUrls({}, '', null)).toEqual([]);
  expect(chartsFirstUrls({ networks: { TRON: { api: { url: '/api' } } } }, '', null)).toEqual([]);
  expect(
    chartsFirstUrls({ networks: { TRON: { api: { url: 'javascript:1' } } } }, '', null),
  ).toEqual([]);
  expect(
    chartsFirstUrls(
      { networks: { TRON: { api: { url: 'http://a.test' }, pools: 'x' } } },
      '?symbolA=Q',
      null,
    ),
  ).toEqual([]);
});

test('the head script names the same chart networks as the charts page', () => {
  expect(CHART_NETWORK_IDS).toEqual(CHART_NETWORKS);
});
