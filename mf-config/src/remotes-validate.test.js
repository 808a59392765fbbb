const {
  parseRemotesFile,
  toFederationRemotes,
  manifestUrl,
  validateRemoteEntry,
  chosenVersion,
  versionsToTry,
} = require('./remotes-validate');

const ORIGINS = ['http://localhost:8081', 'https://cdn.example', 'http://x'];
/** A remotes.json whose remotes all sit on allowed origins. */
const fileOf = (remotes) => ({ allowedOrigins: ORIGINS, remotes });
const PIN = `sha384-${'A'.repeat(64)}`;

const good = {
  swap: { name: 'mfe_swap', base: 'http://localhost:8081/', version: '1.0.0' },
  pools: { name: 'mfe_pools', base: 'https://cdn.example/pools', version: '2.3.1' },
};

describe('remotes.json validator', () => {
  it('turns each remote into its versioned manifest url', () => {
    const { remotes, problems } = parseRemotesFile(fileOf(good));
    expect(problems).toEqual([]);
    expect(manifestUrl(remotes.swap)).toBe('http://localhost:8081/1.0.0/mf-manifest.json');
    expect(toFederationRemotes(remotes)).toEqual([
      { name: 'mfe_swap', entry: 'http://localhost:8081/1.0.0/mf-manifest.json' },
      { name: 'mfe_pools', entry: 'https://cdn.example/pools/2.3.1/mf-manifest.json' },
    ]);
    expect(toFederationRemotes(remotes, ['swap']).map((r) => r.name)).toEqual(['mfe_swap']);
  });

  it('skips a bad entry and keeps the others', () => {
    const { remotes, problems } = parseRemotesFile(
      fileOf({ ...good, charts: { name: 'mfe_charts', base: 'http://x', version: 'latest' } }),
    );
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
      entry: {
        ...entry,
        fallbackVersion: '1.0.0',
        canary: { version: '1.1.0-rc1', percent: 10 },
        integrity: {},
      },
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
    [{ integrity: 'sha384-x' }, /integrity ignored: it must map versions/],
    [{ integrity: { latest: PIN } }, /integrity pin for "latest" ignored/],
    [{ integrity: { '1.0.1': 'sha256-abc' } }, /integrity pin for 1.0.1 ignored: not a sha384/],
  ])('drops only the bad part of %j, with a problem', (extra, message) => {
    const result = validateRemoteEntry('pools', { ...entry, ...extra });
    expect(result.ok).toBe(true);
    expect(result.entry).toEqual({ ...entry, integrity: {} });
    expect(result.problems).toEqual([expect.stringMatching(message)]);
    const parsed = parseRemotesFile(fileOf({ pools: { ...entry, ...extra } }));
    expect(parsed.remotes.pools).toEqual({ ...entry, integrity: {} });
    expect(parsed.problems).toEqual([{ key: 'pools', message: expect.stringMatching(message) }]);
  });

  it('gives the federation runtime the same remotes as before', () => {
    const { remotes } = parseRemotesFile(
      fileOf({
        pools: { ...entry, fallbackVersion: '1.0.0', canary: { version: '2.0.0', percent: 5 } },
      }),
    );
    expect(toFederationRemotes(remotes)).toEqual([
      { name: 'mfe_pools', entry: 'http://x/1.0.1/mf-manifest.json' },
    ]);
  });
});

describe('a base not written in canonical form', () => {
  // Each passes allowedOrigins (its origin is an allowed one), and the browser writes its urls
  // another way: no file of it would ever match its version folder, so none would be checked.
  it.each([
    ['https://CDN.example/pools', 'https://cdn.example/pools'],
    ['https://cdn.example:443/pools', 'https://cdn.example/pools'],
    ['https://cdn.example/x/../pools', 'https://cdn.example/pools'],
    ['https://cdn.example/./pools', 'https://cdn.example/pools'],
    ['https://cdn.example/%2e%2e/pools', 'https://cdn.example/pools'],
    ['https://cdn.example\\pools', 'https://cdn.example/pools'],
    ['https://cdn.example/pools?v=1', 'https://cdn.example/pools'],
    ['https://cdn.example/pools#x', 'https://cdn.example/pools'],
    ['https://user@cdn.example/pools', 'https://cdn.example/pools'],
    ['https://cdn.exämple/pools', 'https://cdn.xn--exmple-cua/pools'],
  ])('%s is refused, with the form to write', (base, canonical) => {
    const parsed = parseRemotesFile({
      allowedOrigins: [...ORIGINS, 'https://cdn.xn--exmple-cua'],
      remotes: { pools: { ...good.pools, base } },
    });
    expect(parsed.remotes).toEqual({});
    expect(parsed.problems).toEqual([
      {
        key: 'pools',
        refused: true,
        message: `remotes.json: "pools" refused: its base ${JSON.stringify(base)} is not in canonical form: write it as ${canonical}`,
      },
    ]);
  });

  it("refuses a path a policy's source expression cannot hold", () => {
    const result = validateRemoteEntry('pools', {
      ...good.pools,
      base: "https://cdn.example/a;b'c",
    });
    expect(result).toMatchObject({ ok: false, refused: true });
    expect(result.message).toMatch(/a Content-Security-Policy cannot name/);
  });

  it('keeps a canonical base, with or without its trailing slash', () => {
    for (const base of ['https://cdn.example/pools', 'https://cdn.example/pools/', 'http://x/'])
      expect(validateRemoteEntry('pools', { ...good.pools, base })).toMatchObject({ ok: true });
  });
});

describe('allowedOrigins', () => {
  const pools = { name: 'mfe_pools', base: 'http://localhost:9089/pools', version: '1.0.0' };

  it('refuses a remote whose base is not on the list, and keeps the others', () => {
    const parsed = parseRemotesFile({
      allowedOrigins: ['http://localhost:8081'],
      remotes: { swap: good.swap, pools },
    });
    expect(Object.keys(parsed.remotes)).toEqual(['swap']);
    expect(parsed.problems).toEqual([
      {
        key: 'pools',
        refused: true,
        message:
          'remotes.json: "pools" refused: its base http://localhost:9089 is not in allowedOrigins (http://localhost:8081)',
      },
    ]);
  });

  it('refuses every remote when the file lists no origins', () => {
    const parsed = parseRemotesFile({ remotes: good });
    expect(parsed.remotes).toEqual({});
    expect(parsed.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/"swap" refused: .*\(none listed\)/),
      expect.stringMatching(/"pools" refused: .*\(none listed\)/),
    ]);
  });

  it.each([['http://x/path'], ['ftp://x'], ['*'], [8081]])(
    'ignores the entry %j that is not an origin',
    (origin) => {
      const parsed = parseRemotesFile({ allowedOrigins: [origin], remotes: {} });
      expect(parsed.allowedOrigins).toEqual([]);
      expect(parsed.problems[0].message).toMatch(/is not an http\(s\) origin/);
    },
  );
});

describe('integrity pins and canary choice', () => {
  const entry = {
    name: 'mfe_pools',
    base: 'http://x',
    version: '1.0.1',
    fallbackVersion: '1.0.0',
    canary: { version: '1.1.0', percent: 10 },
  };

  it('keeps the pins of each version', () => {
    const result = validateRemoteEntry('pools', { ...entry, integrity: { '1.0.1': PIN } });
    expect(result.entry.integrity).toEqual({ '1.0.1': PIN });
  });

  it('gives the canary to buckets below its percent only', () => {
    const { entry: parsed } = validateRemoteEntry('pools', entry);
    expect(chosenVersion(parsed, 0)).toBe('1.1.0');
    expect(chosenVersion(parsed, 9)).toBe('1.1.0');
    expect(chosenVersion(parsed, 10)).toBe('1.0.1');
    expect(versionsToTry(parsed, 3)).toEqual(['1.1.0', '1.0.1', '1.0.0']);
    expect(versionsToTry(parsed, 50)).toEqual(['1.0.1', '1.0.0']);
    expect(toFederationRemotes({ pools: parsed }, undefined, { pools: '1.0.0' })).toEqual([
      { name: 'mfe_pools', entry: 'http://x/1.0.0/mf-manifest.json' },
    ]);
  });
});

describe('preload hints', () => {
  const entry = {
    name: 'mfe_pools',
    base: 'http://x',
    version: '1.0.1',
    integrity: { '1.0.1': PIN },
  };
  const files = {
    'remoteEntry.js': PIN,
    '5753.66497a13.js': PIN,
    'shared-styles.21d00cae.css': PIN,
  };

  it("keeps a pinned version's files and hashes", () => {
    const result = validateRemoteEntry('pools', { ...entry, preload: { '1.0.1': files } });
    expect(result.entry.preload).toEqual({ '1.0.1': files });
    expect(result.problems).toEqual([]);
  });

  it.each([
    [{ '1.0.1': { '../x.js': PIN } }],
    [{ '1.0.1': { 'https://evil.example/x.js': PIN } }],
    [{ '1.0.1': { 'x.js': 'sha256-abc' } }],
    [{ '1.0.1': { 'x.html': PIN } }],
    [{ '1.0.0': files }],
    [{ '1.0.1': ['remoteEntry.js'] }],
  ])(
    'drops hints that are not pinned plain files with hashes (%j), keeping the entry',
    (preload) => {
      const result = validateRemoteEntry('pools', { ...entry, preload });
      expect(result.ok).toBe(true);
      expect(result.entry.preload).toBeUndefined();
      expect(result.problems[0]).toMatch(/preload for .* ignored/);
    },
  );
});
