import { ListingPages, uniquePairs } from './listingPages';
import type { ListedPair } from './trustedPairs';

const pair = (reserve0: bigint): ListedPair => ({
  pair: 'P1',
  token0: 'A',
  token1: 'B',
  reserve0,
  reserve1: 5n,
});

describe('the listing pages as last read', () => {
  it('decodes a page again only when its answer changed', () => {
    const pages = new ListingPages();
    const decode = jest.fn((raw: string) => [pair(BigInt(raw.length))]);
    const first = pages.pairs('150|1', '0xaa', decode);
    expect(first).toEqual([pair(4n)]);
    // The same answer: the pairs decoded then, not decoded again.
    expect(pages.pairs('150|1', '0xaa', decode)).toBe(first);
    expect(decode).toHaveBeenCalledTimes(1);
    // Another page with that answer is a page of its own.
    expect(pages.pairs('150|2', '0xaa', decode)).not.toBe(first);
    // A trade changed the page's answer: decoded anew, and kept for the next read.
    const traded = pages.pairs('150|1', '0xaabb', decode);
    expect(traded).toEqual([pair(6n)]);
    expect(pages.pairs('150|1', '0xaabb', decode)).toBe(traded);
    expect(decode).toHaveBeenCalledTimes(3);
  });

  it('keeps nothing of an answer that does not decode', () => {
    const pages = new ListingPages();
    const broken = () => {
      throw new RangeError('ABI data too short');
    };
    expect(() => pages.pairs('10|1', '0x00', broken)).toThrow('ABI data too short');
    expect(() => pages.pairs('10|1', '0x00', broken)).toThrow('ABI data too short');
  });
});

test('the pages as one list: a pair on two pages (read again, overlapping) is listed once, first as read', () => {
  const p1 = pair(1n);
  const p2 = { ...pair(2n), pair: 'P2' };
  const p3 = { ...pair(3n), pair: 'P3' };
  expect(uniquePairs([[p1, p2], [{ ...p2, reserve0: 9n }, p3], []])).toEqual([p1, p2, p3]);
});
