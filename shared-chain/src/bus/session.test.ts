import { network$, selectNetwork, SELECTED_NETWORK_KEY } from './session';

describe('selected network', () => {
  it('persists under SELECTED_NETWORK and notifies subscribers', () => {
    const storage = new Map<string, string>();
    (globalThis as any).localStorage = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    };
    const seen: string[] = [];
    const sub = network$.subscribe((n) => seen.push(n));
    expect(selectNetwork('POLY')).toBe('POLY');
    expect(storage.get(SELECTED_NETWORK_KEY)).toBe('POLY');
    expect(selectNetwork('DOGE')).toBe('TRON');
    expect(seen.slice(-2)).toEqual(['POLY', 'TRON']);
    sub.unsubscribe();
    delete (globalThis as any).localStorage;
  });

  it('still switches when storage is unavailable', () => {
    (globalThis as any).localStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(selectNetwork('ETH')).toBe('ETH');
    expect(network$.getValue()).toBe('ETH');
    delete (globalThis as any).localStorage;
  });
});
