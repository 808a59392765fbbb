import { NETWORK_IDS } from '@jmswap/shared-chain';
import { resolveRouteNetwork, ROUTE_PATHS, routeAt } from './routes';
import {
  endWalletRestoreMark,
  markWalletRestore,
  routeNetworkAt,
  WALLET_RESTORE_ATTRIBUTE,
  walletRememberedFor,
} from './walletEarly';

describe("the first frame's guess of a wallet coming back", () => {
  it("names the network each page selects, as the shell's routes do", () => {
    const paths = [...Object.values(ROUTE_PATHS), '/pools/', '/no-such-page'];
    const ns = [null, ...NETWORK_IDS, 'DOGE', ''];
    const stored = [null, ...NETWORK_IDS, 'DOGE'];
    for (const path of paths)
      for (const n of ns)
        for (const kept of stored) {
          const search = n === null ? '' : `?n=${n}`;
          const route = routeAt(path);
          const storedId = kept !== null && (NETWORK_IDS as readonly string[]).includes(kept);
          // A page that does not exist keeps the selected network (network$ as stored).
          const expected = route
            ? resolveRouteNetwork(route, n, storedId ? (kept as 'TRON') : 'TRON')
            : storedId
              ? kept
              : 'TRON';
          expect([path, search, kept, routeNetworkAt(path, search, kept)]).toEqual([
            path,
            search,
            kept,
            expected,
          ]);
        }
  });

  it('reads the remembered wallets as shared-chain does: a map, the old shape, junk as nothing', () => {
    expect(walletRememberedFor('BSC', '{"TRON":"tronlink","BSC":"injected"}')).toBe(true);
    expect(walletRememberedFor('POLY', '{"TRON":"tronlink","BSC":"injected"}')).toBe(false);
    expect(walletRememberedFor('BSC', '{"kind":"injected","network":"BSC"}')).toBe(true);
    expect(walletRememberedFor('TRON', '{"kind":"injected","network":"BSC"}')).toBe(false);
    for (const junk of [null, '', '{', 'null', '"x"', '[1]', '{"BSC":7}'])
      expect(walletRememberedFor('BSC', junk)).toBe(false);
  });

  it('marks the page only when its network has a wallet to bring back', () => {
    const mark = () => document.documentElement.hasAttribute(WALLET_RESTORE_ATTRIBUTE);
    localStorage.setItem('JMSWAP_WALLET_SESSION', '{"BSC":"injected"}');
    history.replaceState(null, '', '/charts?n=BSC');
    markWalletRestore(null);
    expect(mark()).toBe(true);
    endWalletRestoreMark();
    expect(mark()).toBe(false);
    history.replaceState(null, '', '/charts');
    markWalletRestore(null); // TRON: none remembered
    expect(mark()).toBe(false);
    markWalletRestore('BSC'); // the stored network
    expect(mark()).toBe(true);
    endWalletRestoreMark();
    localStorage.clear();
  });
});
