const {
  parseRemotesFile,
  toFederationRemotes,
  manifestUrl,
  validateRemoteEntry,
} = require('./remotes-validate');

const good = {
  swap: { name: 'mfe_swap', base: 'http://localhost:8081/', version: '1.0.0' },
  pools: { name: 'mfe_pools', base: 'https://cdn.example/pools', version: '2.3.1' },
};

describe('remotes.json validator', () => {
  it('turns each remote into its versioned manifest url', () => {
    const { remotes, problems } = parseRemotesFile({ remotes: good });
    expect(problems).toEqual([]);
    expect(manifestUrl(remotes.swap)).toBe('http://localhost:8081/1.0.0/mf-manifest.json');
    expect(toFederationRemotes(remotes)).toEqual([
      { name: 'mfe_swap', entry: 'http://localhost:8081/1.0.0/mf-manifest.json' },
      { name: 'mfe_pools', entry: 'https://cdn.example/pools/2.3.1/mf-manifest.json' },
    ]);
    expect(toFederationRemotes(remotes, ['swap']).map((r) => r.name)).toEqual(['mfe_swap']);
  });

  it('skips a bad entry and keeps the others', () => {
    const { remotes, problems } = parseRemotesFile({
      remotes: { ...good, charts: { name: 'mfe_charts', base: 'http://x', version: 'latest' } },
    });
    expect(Object.keys(remotes).sort()).toEqual(['pools', 'swap']);
    expect(problems).toEqual([
      { key: 'charts', message: expect.stringMatching(/"charts".*not a released version/) },
    ]);
  });

  it('refuses a file with no remotes object', () => {
    expect(() => parseRemotesFile(null)).toThrow(/no "remotes"/);
    expect(() => parseRemotesFile({ remotes: [] })).toThrow(/no "remotes"/);
  });

  it.each([
    ['swap', 'nope', /must be an object/],
    ['swap', { name: 'mfe_swap', base: 'http://x' }, /needs name, base and version/],
    ['swap', { name: 'mfe_swap', base: 'http://x', version: '^1.0.0' }, /not a released/],
    ['swap', { name: 'mfe_swap', base: 'http://x', version: '../1.0.0' }, /not a released/],
    ['swap', { name: 'mfe_swap', base: 'javascript:alert(1)', version: '1.0.0' }, /http\(s\)/],
    ['swap', { name: 'mfe_swap', base: 'not a url', version: '1.0.0' }, /http\(s\)/],
    ['swap', { name: 'mfe-swap;x', base: 'http://x', version: '1.0.0' }, /federation name/],
    ['wallet', { name: 'mfe_wallet', base: 'http://x', version: '1.0.0' }, /not a JMSwap feature/],
  ])('refuses %s %j', (key, raw, message) => {
    const result = validateRemoteEntry(key, raw);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(message);
  });
});
