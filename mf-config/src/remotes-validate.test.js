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

describe('fallbackVersion and canary', () => {
  const entry = { name: 'mfe_pools', base: 'http://x', version: '1.0.1' };

  it('keeps a valid fallbackVersion and canary', () => {
    const result = validateRemoteEntry('pools', {
      ...entry,
      fallbackVersion: '1.0.0',
      canary: { version: '1.1.0-rc1', percent: 10 },
    });
    expect(result).toEqual({
      ok: true,
      entry: { ...entry, fallbackVersion: '1.0.0', canary: { version: '1.1.0-rc1', percent: 10 } },
      problems: [],
    });
    expect(manifestUrl(result.entry, result.entry.fallbackVersion)).toBe(
      'http://x/1.0.0/mf-manifest.json',
    );
  });

  it.each([
    [{ fallbackVersion: 'latest' }, /"pools" fallbackVersion ignored: "latest" is not a released/],
    [{ fallbackVersion: '../1.0.0' }, /fallbackVersion ignored: "..\/1.0.0" is not a released/],
    [{ fallbackVersion: 7 }, /fallbackVersion ignored: 7 is not a released/],
    [{ fallbackVersion: '1.0.1' }, /fallbackVersion ignored: it is the version itself/],
    [{ canary: '1.1.0' }, /canary ignored: canary must be an object/],
    [{ canary: { version: '^1', percent: 5 } }, /canary ignored: canary version "\^1" is not/],
    [{ canary: { version: '1.0.1', percent: 5 } }, /canary ignored: .*is the version itself/],
    [{ canary: { version: '1.1.0', percent: 0 } }, /canary ignored: canary percent 0 must be/],
    [{ canary: { version: '1.1.0', percent: 100 } }, /canary percent 100 must be/],
    [{ canary: { version: '1.1.0', percent: '10' } }, /canary percent "10" must be/],
  ])('drops only the bad part of %j, with a problem', (extra, message) => {
    const result = validateRemoteEntry('pools', { ...entry, ...extra });
    expect(result.ok).toBe(true);
    expect(result.entry).toEqual(entry);
    expect(result.problems).toEqual([expect.stringMatching(message)]);
    const parsed = parseRemotesFile({ remotes: { pools: { ...entry, ...extra } } });
    expect(parsed.remotes.pools).toEqual(entry);
    expect(parsed.problems).toEqual([{ key: 'pools', message: expect.stringMatching(message) }]);
  });

  it('gives the federation runtime the same remotes as before', () => {
    const { remotes } = parseRemotesFile({
      remotes: {
        pools: { ...entry, fallbackVersion: '1.0.0', canary: { version: '2.0.0', percent: 5 } },
      },
    });
    expect(toFederationRemotes(remotes)).toEqual([
      { name: 'mfe_pools', entry: 'http://x/1.0.1/mf-manifest.json' },
    ]);
  });
});
