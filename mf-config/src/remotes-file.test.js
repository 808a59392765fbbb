const { compareVersions, switchVersion } = require('./remotes-file');

describe('compareVersions', () => {
  it.each([
    ['1.0.0', '1.0.1', -1],
    ['1.10.0', '1.9.0', 1],
    ['1.0.1-rc1', '1.0.1', -1],
    ['1.0.0-rc.2', '1.0.0-rc.10', -1],
    ['1.0.0-alpha', '1.0.0-1', 1],
    ['1.0.0-rc.1', '1.0.0-rc.1.1', -1],
    ['0.9.0-e2e', '1.0.0', -1],
    ['2.0.0+build', '2.0.0', 0],
    ['nightly', '1.0.0', undefined],
  ])('%s vs %s', (a, b, order) => expect(compareVersions(a, b)).toBe(order));
});

describe('switchVersion', () => {
  const pools = { name: 'mfe_pools', base: 'http://localhost:8084', version: '1.0.0' };

  it('moving forward keeps the replaced version as fallbackVersion', () => {
    const { entry, notes } = switchVersion(pools, '1.0.1');
    expect(entry).toEqual({ ...pools, version: '1.0.1', fallbackVersion: '1.0.0' });
    expect(notes).toEqual(['fallbackVersion 1.0.0']);
    expect(switchVersion(entry, '1.1.0').entry.fallbackVersion).toBe('1.0.1');
  });

  it('rolling back to the fallback never makes the bad version the fallback', () => {
    const live = { ...pools, version: '1.0.1', fallbackVersion: '1.0.0' };
    const { entry, notes } = switchVersion(live, '1.0.0');
    expect(entry).toEqual({ ...pools, version: '1.0.0' });
    expect(notes).toEqual([
      'rolling back from 1.0.1: it is not kept as the fallback',
      'no fallbackVersion',
    ]);
  });

  it('rolling back further keeps the older fallback', () => {
    const live = { ...pools, version: '1.2.0', fallbackVersion: '1.1.0' };
    expect(switchVersion(live, '0.9.0').entry.fallbackVersion).toBe('1.1.0');
  });

  it('takes an explicit fallback, or none', () => {
    expect(switchVersion(pools, '1.0.1', { fallback: '0.9.0' }).entry.fallbackVersion).toBe(
      '0.9.0',
    );
    const live = { ...pools, fallbackVersion: '0.9.0' };
    expect(switchVersion(live, '1.0.1', { fallback: false }).entry).toEqual({
      ...pools,
      version: '1.0.1',
    });
  });

  it('re-using the current version changes nothing', () => {
    const live = { ...pools, fallbackVersion: '0.9.0' };
    expect(switchVersion(live, '1.0.0').entry).toEqual(live);
  });

  it('a canary leaves version and fallback alone; a full switch ends it', () => {
    const live = { ...pools, fallbackVersion: '0.9.0' };
    const started = switchVersion(live, '1.1.0', { canary: 10 });
    expect(started.entry).toEqual({ ...live, canary: { version: '1.1.0', percent: 10 } });
    expect(started.notes).toEqual(['canary: 10% of users get 1.1.0, the others 1.0.0']);
    const promoted = switchVersion(started.entry, '1.1.0');
    expect(promoted.entry).toEqual({ ...pools, version: '1.1.0', fallbackVersion: '1.0.0' });
    expect(promoted.notes[0]).toBe('canary 1.1.0 promoted to every user');
    const ended = switchVersion(started.entry, '1.1.0', { canary: 0 });
    expect(ended.entry).toEqual(live);
  });
});
