import { CHAIN_TIME_LEAD_MS, sendTimeMs } from './sendTime';

const NOW = 1_800_000_000_000;

test("a device clock behind the chain: the chain's time counts", () => {
  expect(sendTimeMs(NOW - 600_000, NOW)).toBe(NOW);
});

test("a chain whose last block is old, or no block seen yet: the device's clock counts", () => {
  expect(sendTimeMs(NOW, NOW - 3_600_000)).toBe(NOW);
  expect(sendTimeMs(NOW, undefined)).toBe(NOW);
});

test('a head more than a day ahead of the device is believed only up to a day', () => {
  expect(sendTimeMs(NOW, NOW + 365 * 86_400_000)).toBe(NOW + CHAIN_TIME_LEAD_MS);
});
