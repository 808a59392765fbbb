import { manifestUrl, parseRemotesFile, toFederationRemotes } from './remotesFile';

const file = {
  remotes: {
    swap: { name: 'mfe_swap', base: 'http://localhost:8081/', version: '1.0.0' },
    pools: { name: 'mfe_pools', base: 'https://cdn.example/pools', version: '2.3.1' },
  },
};

describe('remotes.json', () => {
  it('turns each remote into its versioned manifest url', () => {
    const parsed = parseRemotesFile(file);
    expect(manifestUrl(parsed.swap!)).toBe('http://localhost:8081/1.0.0/mf-manifest.json');
    expect(toFederationRemotes(parsed)).toEqual([
      { name: 'mfe_swap', entry: 'http://localhost:8081/1.0.0/mf-manifest.json' },
      { name: 'mfe_pools', entry: 'https://cdn.example/pools/2.3.1/mf-manifest.json' },
    ]);
  });

  it('registers only the swap remote for the widget', () => {
    expect(toFederationRemotes(parseRemotesFile(file), ['swap']).map((r) => r.name)).toEqual([
      'mfe_swap',
    ]);
  });

  it.each([
    [null, /no "remotes"/],
    [{ remotes: { swap: { name: 'mfe_swap', base: 'http://x' } } }, /needs name, base and version/],
    [
      { remotes: { swap: { name: 'mfe_swap', base: 'http://x', version: 'latest' } } },
      /not a released version/,
    ],
    [
      { remotes: { swap: { name: 'mfe_swap', base: 'http://x', version: '^1.0.0' } } },
      /not a released version/,
    ],
    [
      { remotes: { swap: { name: 'mfe_swap', base: 'javascript:alert(1)', version: '1.0.0' } } },
      /http\(s\) url/,
    ],
  ])('refuses %j', (input, message) => {
    expect(() => parseRemotesFile(input)).toThrow(message);
  });
});
