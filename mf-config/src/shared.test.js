const { createSharedConfig } = require('./shared');

it('shares react, react-dom (with subpaths), rxjs, shared-chain and highcharts as singletons', () => {
  const shared = createSharedConfig();
  expect(Object.keys(shared).sort()).toEqual(
    [
      '@jmswap/shared-chain',
      'highcharts',
      'react',
      'react-dom',
      'react-dom/',
      'react/',
      'rxjs',
    ].sort(),
  );
  for (const entry of Object.values(shared)) {
    expect(entry.singleton).toBe(true);
    expect(entry.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+/);
  }
  expect(shared['@jmswap/shared-chain'].requiredVersion).toBe(
    `^${require('../../shared-chain/package.json').version}`,
  );
});
