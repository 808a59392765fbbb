import { readFilesFor, swapNetworkAt } from './readersEarly';

const files = { swap: ['/warm.js'], tron: ['/tron-reader.js', '/tron-dep.js'], evm: ['/evm.js'] };

describe('the swap page first read', () => {
  it("is the reader of the swap page's network as the shell resolves it", () => {
    expect(swapNetworkAt('/', '', null)).toBe('TRON');
    expect(swapNetworkAt('/', '?n=BSC', 'ETH')).toBe('BSC');
    expect(swapNetworkAt('/', '', 'ETH')).toBe('ETH');
    // An unknown n is TRON, not the stored network (resolveRouteNetwork).
    expect(swapNetworkAt('/', '?n=DOGE', 'BSC')).toBe('TRON');
    expect(readFilesFor(files, '/', '', null)).toEqual(['/warm.js', ...files.tron]);
    expect(readFilesFor(files, '/', '?n=POLY', null)).toEqual(['/warm.js', ...files.evm]);
  });

  it('is nothing on routes that do not read the chain at boot', () => {
    expect(swapNetworkAt('/pools', '?n=BSC', null)).toBeUndefined();
    expect(readFilesFor(files, '/charts', '', null)).toEqual([]);
  });
});
