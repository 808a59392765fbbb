import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile, type NetworkConfig } from '@jmswap/shared-chain';
import { type ApiInfoPair } from '@jmswap/shared-chain/history';
import {
  buildRows,
  formatReserve,
  indexRows,
  leadingLogos,
  poolLinks,
  prepareOrders,
  rowTexts,
  shownRows,
  sortRows,
  type PoolRow,
} from './pools';

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

const rowOf = (symbolA: string, symbolB: string, liquidityUsd?: number | null): PoolRow => ({
  pool: { symbolA, symbolB, address: '' },
  api: liquidityUsd === undefined ? undefined : { ...info('', 0), liquidityUsd },
});
const names = (rows: PoolRow[]) => rows.map((r) => `${r.pool.symbolA}/${r.pool.symbolB}`);

it('sorts by name as Intl orders names, without making a collator for plain ones', () => {
  const chars = '/09AZaz5mM';
  const random = () =>
    Array.from(
      { length: 1 + Math.floor(Math.random() * 4) },
      () => chars[Math.floor(Math.random() * chars.length)],
    ).join('');
  const rows = [
    rowOf('BNB', 'USDT'),
    rowOf('bnb', 'USDT'),
    rowOf('BNB', 'usdt'),
    rowOf('B', 'NB'),
    rowOf('BN', 'B'),
    rowOf('A1', 'Z'),
    rowOf('A', '1Z'),
    rowOf('AB', ''),
    rowOf('a', 'B'),
  ];
  for (let i = 0; i < 500; i += 1) rows.push(rowOf(random(), random()));
  const intl = new Intl.Collator('en');
  const expected = names(rows).sort(intl.compare);
  const other = ['É/A', 'USDT-B/A', 'USDT.e/B'].sort(intl.compare);
  const made = jest.spyOn(Intl, 'Collator');
  expect(names(sortRows(rows, 'name'))).toEqual(expected);
  expect(made).not.toHaveBeenCalled();
  // Anything else in a name: the collator decides.
  expect(
    names(sortRows([rowOf('USDT.e', 'B'), rowOf('USDT-B', 'A'), rowOf('É', 'A')], 'name')),
  ).toEqual(other);
  expect(made).toHaveBeenCalledTimes(1);
  made.mockRestore();
});

it('sorts by a figure largest first, pools without one last in list order', () => {
  const rows = [
    rowOf('A', 'B', null),
    rowOf('C', 'D', 5),
    rowOf('E', 'F'),
    rowOf('G', 'H', 50),
    rowOf('I', 'J', 5),
  ];
  expect(names(sortRows(rows, 'liquidity'))).toEqual(['G/H', 'C/D', 'I/J', 'A/B', 'E/F']);
});

it('filters by either symbol, any case, in the order asked, never across the two symbols', () => {
  const index = indexRows([
    rowOf('BNB', 'USDT', 1),
    rowOf('WUSD', 'BTCB', 3),
    rowOf('TAB', 'CD', 2),
  ]);
  expect(names(shownRows(index, ' usd ', 'liquidity'))).toEqual(['WUSD/BTCB', 'BNB/USDT']);
  expect(names(shownRows(index, 'BC', 'name'))).toEqual([]);
  expect(names(shownRows(index, 'btc', 'name'))).toEqual(['WUSD/BTCB']);
  // A full-width input method's letters (Chinese, Japanese) filter as ASCII ones do.
  expect(names(shownRows(index, 'ｂｔｃ', 'name'))).toEqual(['WUSD/BTCB']);
  expect(names(shownRows(index, '', null))).toEqual(['BNB/USDT', 'WUSD/BTCB', 'TAB/CD']);
});

it("finds a pool by its pair's or a token's whole address, pasted in any case", () => {
  const network = tron();
  const [wtrx, jm, usdt] = [
    'TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR',
    'TCFLL5dx5ZJdKnWuesXxi1VPwjLVmWZZy9',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ];
  const tokens = {
    TRX: { ...network.tokens.TRX!, address: wtrx },
    JM: { ...network.tokens.JM!, address: jm },
    USDT: { ...network.tokens.USDT!, address: usdt },
  };
  const index = indexRows(
    [rowOf('TRX', 'JM', 1), { pool: { symbolA: 'TRX', symbolB: 'USDT', address: SPAM_PAIR } }],
    tokens,
  );
  expect(names(shownRows(index, ` ${jm} `, null))).toEqual(['TRX/JM']);
  expect(names(shownRows(index, usdt.toLowerCase(), null))).toEqual(['TRX/USDT']);
  expect(names(shownRows(index, SPAM_PAIR.toLowerCase(), null))).toEqual(['TRX/USDT']);
  expect(names(shownRows(index, wtrx, 'name'))).toEqual(['TRX/JM', 'TRX/USDT']);
  // Part of an address is no match: its letters would find every pool.
  expect(names(shownRows(index, jm.slice(0, 10), null))).toEqual([]);
});

it('orders a list while the browser is idle, the same orders as on a first sort', () => {
  const rows = [rowOf('C', 'D', 5), rowOf('A', 'B', 50), rowOf('E', 'F', null)];
  const idle: Array<() => void> = [];
  const request = jest.fn((run: () => void) => idle.push(run));
  const cancel = jest.fn();
  Object.assign(globalThis, { requestIdleCallback: request, cancelIdleCallback: cancel });
  try {
    const index = indexRows(rows);
    prepareOrders(index);
    // One order per idle period, until every order is known.
    while (idle.length > 0) idle.shift()!();
    expect(request).toHaveBeenCalledTimes(3);
    expect(Object.keys(index.orders).sort()).toEqual(['liquidity', 'name', 'volume']);
    expect(names(shownRows(index, '', 'name'))).toEqual(names(sortRows(rows, 'name')));
    expect(names(shownRows(index, '', 'liquidity'))).toEqual(['A/B', 'C/D', 'E/F']);
    expect(names(shownRows(index, '', 'volume'))).toEqual(names(sortRows(rows, 'volume')));
    // A list replaced before its orders are made cancels the rest.
    const stop = prepareOrders(indexRows(rows));
    stop();
    expect(cancel).toHaveBeenCalledTimes(1);
  } finally {
    Reflect.deleteProperty(globalThis, 'requestIdleCallback');
    Reflect.deleteProperty(globalThis, 'cancelIdleCallback');
  }
});

it('links each pool to its chart (none on ETH) and its liquidity tab, the same on every draw', () => {
  const network = tron();
  const pool = network.pools[0]!;
  const links = poolLinks(network, pool);
  expect(links).toEqual({
    chart: '/charts?n=TRON&symbolA=TRX&symbolB=JM',
    addLiquidity: '/?n=TRON&t=addLiquidity&from=TRX&to=JM',
  });
  expect(poolLinks(network, pool)).toBe(links);
  const eth = parseNetworksFile(production).networks.ETH;
  expect(poolLinks(eth, { symbolA: 'ETH', symbolB: 'USDT', address: '' }).chart).toBeUndefined();
  // The charts page shows no BTTC pair: a link would open TRON's TRX/JM.
  const bttc = parseNetworksFile(production).networks.BTTC;
  expect(poolLinks(bttc, bttc.pools[0]!).chart).toBeUndefined();
});

it('names the logos the first rows of each order show, each once, none for a token without one', () => {
  const network = tron();
  const token = (symbol: string, logoURI: string) => ({
    symbol,
    name: symbol,
    address: '',
    decimals: 6,
    logoURI,
    tax: 0,
  });
  network.tokens = {
    TRX: token('TRX', '/trx.svg'),
    AAA: token('AAA', '/aaa.svg'),
    BIG: token('BIG', '/big.svg'),
    ZED: token('ZED', ''),
    LOW: token('LOW', '/low.svg'),
  };
  const index = indexRows([
    rowOf('TRX', 'LOW', 1),
    rowOf('TRX', 'ZED', 20),
    rowOf('TRX', 'BIG', 300),
    rowOf('AAA', 'TRX', 2),
  ]);
  // Liquidity: BIG, ZED; volume (all 1, list order): LOW, ZED; name: AAA/TRX, TRX/BIG.
  expect(leadingLogos(index, network, 2).sort()).toEqual([
    '/aaa.svg',
    '/big.svg',
    '/low.svg',
    '/trx.svg',
  ]);
  expect(leadingLogos(index, network, 0)).toEqual([]);
});

it('writes the figures of a row once per pool and read state, with symbols and USD signs', () => {
  const network = tron();
  const row: PoolRow = {
    ...rowOf('TRX', 'JM', 1234.5),
    reserveA: 1_500_000n,
    reserveB: undefined,
  };
  const texts = rowTexts(network, row, 'ok', 'ok');
  expect(texts).toEqual({
    reserveA: '1.5 TRX',
    reserveB: '-',
    api: ['$1,234.50', '$1.00', '$0.00', '0.00%'],
  });
  expect(rowTexts(network, row, 'ok', 'ok')).toBe(texts);
  expect(rowTexts(network, row, 'loading', 'unavailable')).toEqual({
    reserveA: '…',
    reserveB: '…',
    api: ['unavailable', 'unavailable', 'unavailable', 'unavailable'],
  });
  expect(rowTexts(network, rowOf('TRX', 'JM'), 'ok', 'ok').api).toEqual([
    'n/a',
    'n/a',
    'n/a',
    'n/a',
  ]);
});

it('groups a reserve by thousands as the dollar columns are, its decimals untouched', () => {
  expect(formatReserve(1_668_629_743_123_456_789n, 9)).toBe('1,668,629,743.123456');
  expect(formatReserve(999_879_291_724n, 6)).toBe('999,879.291724');
  expect(formatReserve(60_000n * 10n ** 18n, 18)).toBe('60,000');
  expect(formatReserve(123_456n, 6)).toBe('0.123456');
  expect(formatReserve(1_000n, 0)).toBe('1,000');
  expect(formatReserve(undefined, 6)).toBe('-');
});
