const { createSharedConfig } = require('./shared');

it('shares react, react-dom (with subpaths), shared-chain and highcharts as singletons, not rxjs', () => {
  const shared = createSharedConfig();
  expect(Object.keys(shared).sort()).toEqual(
    ['@jmswap/shared-chain', 'highcharts', 'react', 'react-dom', 'react-dom/', 'react/'].sort(),
  );
  for (const entry of Object.values(shared)) {
    expect(entry.singleton).toBe(true);
    expect(entry.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+/);
  }
  expect(shared['@jmswap/shared-chain'].requiredVersion).toBe(
    `^${require('../../shared-chain/package.json').version}`,
  );
});

it('refuses a mismatched shared-chain or React instead of running against it', () => {
  const shared = createSharedConfig();
  for (const key of ['@jmswap/shared-chain', 'react', 'react/', 'react-dom', 'react-dom/'])
    expect(shared[key].strictVersion).toBe(true);
  // Highcharts works across minors: a mismatch only warns
  expect(shared.highcharts.strictVersion).toBeUndefined();
});
