import type { UserPosition } from '../adapters/types';
import { liquidityPositions } from './liquidity';

// A wallet in many pools: a caller sees the positions as the reader's pages bring them.
const reader = { userPositions: jest.fn() };
const mockWallet = { network: { id: 'BSC' }, connection: { address: '0xME' } };
jest.mock('../singleton', () => ({
  ...jest.requireActual('../singleton'),
  requireWallet: () => mockWallet,
  readerFor: async () => reader,
}));

const position = (n: number) => ({ pair: `0xpair${n}` }) as UserPosition;
const list = (count: number) => Array.from({ length: count }, (_, i) => position(i));

/** A read the test drives: `page` hands on positions so far, `end` resolves it. */
function drivenRead() {
  const read = {} as { page: (soFar: UserPosition[]) => void; end: (v?: UserPosition[]) => void };
  reader.userPositions.mockImplementationOnce(
    (_owner: string, onPositions: (soFar: UserPosition[]) => void) =>
      new Promise((resolve) => Object.assign(read, { page: onPositions, end: resolve })),
  );
  return read;
}
const tick = () => new Promise((r) => setTimeout(r, 0));

test('a second caller during the read gets what the pages brought so far, then the rest', async () => {
  const read = drivenRead();
  const first: number[] = [];
  const firstDone = liquidityPositions((soFar) => first.push(soFar.length));
  await tick();
  read.page(list(7));
  const second: number[] = [];
  const secondDone = liquidityPositions((soFar) => second.push(soFar.length));
  read.page(list(70));
  read.end(list(75));
  expect((await firstDone)?.length).toBe(75);
  expect((await secondDone)?.length).toBe(75);
  expect(first).toEqual([7, 70]);
  expect(second).toEqual([7, 70]);
  // One read for both callers; the next caller is served from it.
  expect(reader.userPositions).toHaveBeenCalledTimes(1);
  expect((await liquidityPositions())?.length).toBe(75);
});

test('a read that fails after some pages is not kept: the next caller reads again', async () => {
  mockWallet.connection.address = '0xOTHER';
  const failed = drivenRead();
  const shown: number[] = [];
  const done = liquidityPositions((soFar) => shown.push(soFar.length));
  await tick();
  failed.page(list(7));
  failed.end(undefined);
  expect(await done).toBeUndefined();
  expect(shown).toEqual([7]);
  const retry = drivenRead();
  const again = liquidityPositions();
  await tick();
  retry.end(list(9));
  expect((await again)?.length).toBe(9);
  expect(reader.userPositions).toHaveBeenCalledTimes(3);
});
