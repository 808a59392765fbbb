/**
 * @jest-environment jsdom
 */
import type { ChainWriter, TxResult } from '../adapters/types';
import { landedAt } from './landed';
import { notingLandings } from './noteLanded';

const mined: TxResult = { txid: '0x1', fee: 1n, logs: [] };
const order = {} as never;

function writer(result: () => Promise<TxResult>): ChainWriter {
  return {
    approve: result,
    swap: result,
    addLiquidity: result,
    removeLiquidity: result,
    createPair: result,
    preview: async () => ({ outputs: [] }) as never,
  };
}

beforeEach(() => localStorage.clear());

test.each(['swap', 'addLiquidity', 'removeLiquidity'] as const)(
  '%s: once landed, told to the api readers of its network',
  async (send) => {
    const w = notingLandings(
      writer(async () => mined),
      'POLY',
    );
    expect(await w[send](order)).toBe(mined);
    expect(landedAt('POLY')).toBeDefined();
    expect(landedAt('BSC')).toBeUndefined();
  },
);

test('an approval, a send with no receipt (a widget host) and a failed send change no figures', async () => {
  const w = notingLandings(
    writer(async () => mined),
    'BSC',
  );
  await w.approve('USDT', '0xrouter', 1n);
  await w.createPair('A', 'B');
  await notingLandings(
    writer(async () => ({ txid: '0x2' })),
    'BSC',
  ).swap(order);
  await expect(
    notingLandings(
      writer(async () => {
        throw new Error('reverted');
      }),
      'BSC',
    ).swap(order),
  ).rejects.toThrow('reverted');
  expect(landedAt('BSC')).toBeUndefined();
  // The simulations before a send are the writer's own, with its state.
  expect(await w.preview!({} as never)).toEqual({ outputs: [] });
});

test("a platform's own methods stay, with the writer's state (TRON's fee preview)", async () => {
  class TronLikeWriter {
    burn = 12n;
    approve = async () => mined;
    swap = async () => mined;
    addLiquidity = async () => mined;
    removeLiquidity = async () => mined;
    createPair = async () => mined;
    async previewSwapFee() {
      return this.burn;
    }
  }
  const w = notingLandings(new TronLikeWriter(), 'TRON');
  expect(await w.previewSwapFee()).toBe(12n);
  await w.swap();
  expect(landedAt('TRON')).toBeDefined();
});
