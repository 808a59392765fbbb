/**
 * The TRON reader is in the first load of every TRON page, so its module graph must not reach
 * tronweb, ethers or the generated ABIs (about 245, 100 and 37 KiB): each is mapped to a module
 * that throws when loaded. The wallet adapter (index.ts) still loads tronweb, which shows the
 * mapping works.
 */
const LOADED = 'loaded with the TRON reader';

jest.mock('tronweb', () => {
  throw new Error(`tronweb ${LOADED}`);
});
jest.mock('ethers', () => {
  throw new Error(`ethers ${LOADED}`);
});
jest.mock('../abis.generated', () => {
  throw new Error(`the generated ABIs ${LOADED}`);
});

test('the TRON reader loads without tronweb, ethers or the generated ABIs', () => {
  jest.isolateModules(() => {
    const { TronReader } = jest.requireActual<typeof import('./reader')>('./reader');
    expect(typeof TronReader).toBe('function');
  });
});

test('the TRON wallet adapter does load tronweb (the mapping above works)', () => {
  jest.isolateModules(() => {
    expect(() => jest.requireActual('./index')).toThrow(`tronweb ${LOADED}`);
  });
});
