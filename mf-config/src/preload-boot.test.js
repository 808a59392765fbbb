const { bootFiles, bootGroups } = require('./preload-boot');

/**
 * A compilation as the plugin reads it: named chunk groups of chunks (with files), modules with
 * their dynamic imports (blocks, each to a chunk group), consume-shared modules and the modules
 * that provide them.
 */
function compilation() {
  const group = (name, chunks) => ({ name, chunks });
  const chunk = (file, modules) => ({ files: [file, `${file}.map`], modules });
  const module = (blocks = []) => ({ blocks });
  const blockTo = new Map();
  const block = (to) => {
    const b = {};
    blockTo.set(b, to);
    return b;
  };
  const consume = (shareKey) => ({
    blocks: [],
    type: 'consume-shared-module',
    options: { shareKey },
  });
  const provider = (name, to) => ({ type: 'provide-module', _name: name, blocks: [block(to)] });

  const reactDom = group(undefined, [chunk('7470.js', [module()]), chunk('3696.js', [module()])]);
  const chain = group(undefined, [chunk('7089.js', [module()])]);
  const wallet = group('wallet-chooser', [chunk('wallet-chooser.js', [module()])]);
  const named = new Map([
    ['remote-failover', group('remote-failover', [chunk('remote-failover.js', [module()])])],
    [
      'boot-chain',
      group('boot-chain', [chunk('boot-chain.js', [consume('@jmswap/shared-chain')])]),
    ],
    ['boot', group('boot', [chunk('boot.js', [consume('react-dom/client')])])],
    ['boot-app', group('boot-app', [chunk('boot-app.js', [module([block(wallet)])])])],
    ['wallet-chooser', wallet],
  ]);
  return {
    namedChunkGroups: named,
    modules: [provider('react-dom/client', reactDom), provider('@jmswap/shared-chain', chain)],
    chunkGraph: {
      getBlockChunkGroup: (b) => blockTo.get(b),
      getChunkModulesIterable: (c) => c.modules,
    },
  };
}

describe("the boot's preloads", () => {
  it('take the boot group first, then its boot-* steps in the order webpack met them', () => {
    const c = compilation();
    expect(bootGroups(c.namedChunkGroups, 'boot').map((g) => g.name)).toEqual([
      'boot',
      'boot-chain',
      'boot-app',
    ]);
    expect(bootGroups(c.namedChunkGroups, 'start')).toEqual([]);
  });

  it("name each step's files and the shell's copies of the shared modules they consume", () => {
    const c = compilation();
    expect(bootFiles(c, bootGroups(c.namedChunkGroups, 'boot'))).toEqual([
      'boot.js',
      '7470.js',
      '3696.js',
      'boot-chain.js',
      '7089.js',
      'boot-app.js',
    ]);
  });

  it("leave out the app's other lazy chunks (a wallet's, the failover's)", () => {
    const c = compilation();
    const files = bootFiles(c, bootGroups(c.namedChunkGroups, 'boot'));
    expect(files).not.toContain('wallet-chooser.js');
    expect(files).not.toContain('remote-failover.js');
  });
});
