import { routeScreen } from './routeScreen';

// The head start must fetch the screen the route then shows, or it only costs bandwidth.
test.each([
  ['/', '', ['swap', 'SwapPanel']],
  ['/', '?n=BSC&t=swap', ['swap', 'SwapPanel']],
  ['/', '?n=BSC&t=addLiquidity', ['liquidity', 'LiquidityPanel']],
  ['/charts', '?n=POLY', ['charts', 'ChartsPage']],
  ['/pools/', '', ['pools', 'PoolsPage']],
  ['/listing', '', ['listing', 'ListingPage']],
])('%s%s warms %j', (pathname, search, screen) => {
  expect(routeScreen({ pathname, search })).toEqual(screen);
});

test('pages without a remote screen warm none', () => {
  for (const pathname of ['/info', '/help', '/no-such-page'])
    expect(routeScreen({ pathname, search: '' })).toBeUndefined();
});
