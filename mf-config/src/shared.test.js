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

it('builds as if against other versions when told to (the version-skew tests), and only then', () => {
  process.env.JMSWAP_SHARED_VERSIONS = '{"@jmswap/shared-chain":"3.9.0","react":"18.3.1"}';
  try {
    const shared = createSharedConfig();
    expect(shared['@jmswap/shared-chain']).toMatchObject({
      version: '3.9.0',
      requiredVersion: '^3.9.0',
      strictVersion: true,
    });
    expect(shared.react.requiredVersion).toBe('^18.3.1');
    expect(shared['react/'].requiredVersion).toBe('^18.3.1');
    expect(shared['react-dom'].requiredVersion).toBe(
      `^${require('react-dom/package.json').version}`,
    );
    process.env.JMSWAP_SHARED_VERSIONS = '{"react":"latest"}';
    expect(() => createSharedConfig()).toThrow(/react needs a semver version/);
  } finally {
    delete process.env.JMSWAP_SHARED_VERSIONS;
  }
  expect(createSharedConfig().react.requiredVersion).toBe(
    `^${require('react/package.json').version}`,
  );
});
