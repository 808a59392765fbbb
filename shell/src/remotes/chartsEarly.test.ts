import { CHART_NETWORKS, USD_STABLECOINS } from '@jmswap/shared-chain';
import { CHART_NETWORK_IDS, chartsFirstUrls, USD_STABLECOIN_SYMBOLS } from './chartsEarly';

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
      baseToken: 'TRX',
      tokens: { TRX: { isBase: true }, WTRX: { isBase: true } },
      defaultTokens: ['TRX', 'JM'],
      pools: [
        pool('TRX', 'JM'),
        pool('TRX', 'USDT', { invert: true }),
        pool('TRX', 'NOLE', { hideFromCharts: true }),
        pool('JM', 'SUN'),
        pool('JM', 'BTT', { invert: true }),
        pool('WTRX', 'SUN'),
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

test("the pair asked as the page asks it, whatever the query's order: priced in a stablecoin, else the base coin, else as its pool says", () => {
  expect(chartsFirstUrls(FILE, '?symbolA=JM&symbolB=TRX', null)).toEqual(tron('TRX/JM'));
  expect(chartsFirstUrls(FILE, '?symbolA=TRX&symbolB=USDT', null)).toEqual(tron('USDT/TRX'));
  expect(chartsFirstUrls(FILE, '?symbolA=USDT&symbolB=TRX', null)).toEqual(tron('USDT/TRX'));
  expect(chartsFirstUrls(FILE, '?symbolA=SUN&symbolB=WTRX', null)).toEqual(tron('WTRX/SUN'));
  expect(chartsFirstUrls(FILE, '?symbolA=SUN&symbolB=JM', null)).toEqual(tron('JM/SUN'));
  expect(chartsFirstUrls(FILE, '?symbolA=JM&symbolB=BTT', null)).toEqual(tron('BTT/JM'));
  // BSC's default pair: USDT per BNB.
  expect(chartsFirstUrls(FILE, '?n=BSC', null)[1]).toBe(
    'https://bsc-api.test/v1/history/bsc/candles/3m/USDT/BNB?limit=42',
  );
});

test('the side the page was turned to ("Show as", invert=1) is asked the other way round', () => {
  expect(chartsFirstUrls(FILE, '?invert=1', null)).toEqual(tron('JM/TRX'));
  expect(chartsFirstUrls(FILE, '?symbolA=TRX&symbolB=USDT&invert=1', null)).toEqual(
    tron('TRX/USDT'),
  );
  expect(chartsFirstUrls(FILE, '?invert=yes', null)).toEqual(tron('TRX/JM'));
});

test("a pair the charts do not list (unknown, hidden) falls back to the network's default tokens", () => {
  expect(chartsFirstUrls(FILE, '?symbolA=TRX&symbolB=NOLE', null)).toEqual(tron('TRX/JM'));
  expect(chartsFirstUrls(FILE, '?symbolA=X&symbolB=JM', null)).toEqual(tron('TRX/JM'));
  expect(chartsFirstUrls(FILE, '?n=BSC', null)).toEqual([
    'https://bsc-api.test/v1/info',
    'https://bsc-api.test/v1/history/bsc/candles/3m/USDT/BNB?limit=42',
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

test('the head script names the same chart networks and stablecoins as the charts page', () => {
  expect(CHART_NETWORK_IDS).toEqual(CHART_NETWORKS);
  expect(new Set(USD_STABLECOIN_SYMBOLS)).toEqual(USD_STABLECOINS);
});
