import {
  keepNetworkInPage,
  network$,
  SELECTED_NETWORK_KEY,
  selectNetwork,
} from '@jmswap/shared-chain';

it("the widget switches network without touching the site's SELECTED_NETWORK", () => {
  localStorage.setItem(SELECTED_NETWORK_KEY, 'ETH');
  keepNetworkInPage();
  selectNetwork('BSC');
  expect(network$.getValue()).toBe('BSC');
  expect(localStorage.getItem(SELECTED_NETWORK_KEY)).toBe('ETH');
});
