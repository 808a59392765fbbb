const { preloadHints, shellScreens } = require('./preload-hints');

const hash = (n) => `sha384-${String(n).repeat(64).slice(0, 64)}`;
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'PoolsPage',
      assets: { js: { sync: ['5753.a.js', 'pools.b.js'] }, css: { sync: ['s.c.css'] } },
    },
    { name: 'Other', assets: { js: { sync: ['other.d.js'] }, css: { sync: [] } } },
  ],
};
const record = {
  integrity: {
    'remoteEntry.js': hash(1),
    '5753.a.js': hash(2),
    'pools.b.js': hash(3),
    's.c.css': hash(4),
    'other.d.js': hash(5),
  },
};

describe('preload hints of a version folder', () => {
  it("names the entry and the shell's screens' first files with their recorded hashes", () => {
    expect(preloadHints(manifest, record, shellScreens('pools'))).toEqual({
      'remoteEntry.js': hash(1),
      '5753.a.js': hash(2),
      'pools.b.js': hash(3),
      's.c.css': hash(4),
    });
  });

  it('gives none when the record lacks a file or the files live elsewhere', () => {
    const partial = { integrity: { ...record.integrity, 'pools.b.js': undefined } };
    expect(preloadHints(manifest, partial, ['PoolsPage'])).toBeUndefined();
    const elsewhere = {
      ...manifest,
      metaData: { ...manifest.metaData, publicPath: 'https://cdn/' },
    };
    expect(preloadHints(elsewhere, record, ['PoolsPage'])).toBeUndefined();
    expect(preloadHints(manifest, record, ['Missing'])).toBeUndefined();
  });

  it('takes only the screens the shell shows, not those other remotes borrow', () => {
    expect(shellScreens('charts')).toEqual(['ChartsPage']);
  });
});
