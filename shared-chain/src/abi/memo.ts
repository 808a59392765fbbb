/**
 * `compute` remembered by key, for pure conversions repeated on every chain read (address
 * checksums, base58). Cleared when it reaches `max` entries, so a long session cannot grow it
 * without end.
 */
export function cappedMemo<T>(max: number, compute: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (cache.has(key)) return cache.get(key) as T;
    const value = compute(key);
    if (cache.size >= max) cache.clear();
    cache.set(key, value);
    return value;
  };
}
