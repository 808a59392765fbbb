import type { ListedPair } from './trustedPairs';

/**
 * The swap-info listing's pages as last read, by page: a page whose answer is byte for byte the
 * one read before (none of its pairs traded) gives the pairs decoded then, so a pools read of a
 * quiet exchange decodes nothing again (a thousand pools, read every 5 s while the
 * swap box is used). Only the decoding is spared: every page is still read from the node.
 */
export class ListingPages {
  private readonly pages = new Map<string, { raw: string; pairs: readonly ListedPair[] }>();

  /** The pairs of page `key` answered as `raw`, decoded by `decode` unless it answered so last time. */
  pairs(
    key: string,
    raw: string,
    decode: (raw: string) => readonly ListedPair[],
  ): readonly ListedPair[] {
    const last = this.pages.get(key);
    if (last !== undefined && last.raw === raw) return last.pairs;
    const pairs = decode(raw);
    this.pages.set(key, { raw, pairs });
    return pairs;
  }
}

/** The listing's pages as one list, each pair once (pages read again may overlap). */
export function uniquePairs(pages: readonly (readonly ListedPair[])[]): ListedPair[] {
  const listed: ListedPair[] = [];
  const seen = new Set<string>();
  for (const pairs of pages)
    for (const entry of pairs) {
      if (seen.has(entry.pair)) continue;
      seen.add(entry.pair);
      listed.push(entry);
    }
  return listed;
}
