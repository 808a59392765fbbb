import {
  entryLeftWithNetwork,
  resolveRouteNetwork,
  resolveTab,
  routeAt,
  routeEventName,
} from './routes';

describe('route parameters', () => {
  it('honours n per route and falls back to TRON', () => {
    expect(resolveRouteNetwork('index', 'BTTC', 'TRON')).toBe('BTTC');
    expect(resolveRouteNetwork('pools', 'ETH', 'TRON')).toBe('ETH');
    expect(resolveRouteNetwork('charts', 'POLY', 'TRON')).toBe('POLY');
    expect(resolveRouteNetwork('charts', 'ETH', 'BSC')).toBe('TRON');
    expect(resolveRouteNetwork('index', 'bsc', 'ETH')).toBe('TRON');
    expect(resolveRouteNetwork('index', 'NOPE', 'ETH')).toBe('TRON');
  });

  it('uses the stored network when n is absent and the route honours it', () => {
    expect(resolveRouteNetwork('index', null, 'POLY')).toBe('POLY');
    expect(resolveRouteNetwork('charts', null, 'BTTC')).toBe('TRON');
  });

  it('a page that shows no network keeps the selected one, or the one a tab there names', () => {
    for (const route of ['listing', 'info', 'help'] as const) {
      expect(resolveRouteNetwork(route, null, 'BSC')).toBe('BSC');
      expect(resolveRouteNetwork(route, 'POLY', 'BSC')).toBe('POLY');
      expect(resolveRouteNetwork(route, 'NOPE', 'ETH')).toBe('ETH');
    }
  });

  it('opens the liquidity tab only for t=addLiquidity', () => {
    expect(resolveTab('addLiquidity')).toBe('addLiquidity');
    expect(resolveTab(null)).toBe('swap');
    expect(resolveTab('other')).toBe('swap');
  });

  it('names analytics events ROUTE_<route>', () => {
    expect(routeEventName('charts')).toBe('ROUTE_CHARTS');
  });
});

test('routeAt names the route of a path, with or without a trailing slash', () => {
  expect(routeAt('/')).toBe('index');
  expect(routeAt('/pools/')).toBe('pools');
  expect(routeAt('/help')).toBe('help');
  expect(routeAt('/nowhere')).toBeUndefined();
});

test('before a switch, the entry left gets the network it shows, where its address names none', () => {
  expect(entryLeftWithNetwork('', 'BSC')).toBe('n=BSC');
  expect(entryLeftWithNetwork('?symbolA=BNB', 'BSC')).toBe('symbolA=BNB&n=BSC');
  expect(entryLeftWithNetwork('?n=POLY&t=swap', 'POLY')).toBeUndefined();
});
