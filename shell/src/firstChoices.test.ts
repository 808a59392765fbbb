import { FIRST_NETWORK_ATTRIBUTE, FIRST_TAB_ATTRIBUTE, markFirstChoices } from './firstChoices';

const marked = (url: string, stored: string | null) => {
  window.history.replaceState(null, '', url);
  markFirstChoices(stored);
  const root = document.documentElement;
  return [root.getAttribute(FIRST_NETWORK_ATTRIBUTE), root.getAttribute(FIRST_TAB_ATTRIBUTE)];
};

describe('the network and tab the first frame shows as chosen', () => {
  it("is the address's, else the one kept from an earlier visit, else TRON", () => {
    expect(marked('/?n=BSC', 'POLY')).toEqual(['BSC', 'swap']);
    expect(marked('/', 'POLY')).toEqual(['POLY', 'swap']);
    expect(marked('/', null)).toEqual(['TRON', 'swap']);
    expect(marked('/pools?n=ETH', null)).toEqual(['ETH', 'swap']);
  });

  it('is the liquidity tab when the address opens it', () => {
    expect(marked('/?n=POLY&t=addLiquidity', null)).toEqual(['POLY', 'addLiquidity']);
    expect(marked('/?t=nonsense', 'BTTC')).toEqual(['BTTC', 'swap']);
  });

  it('follows the pages that take fewer networks, and junk, as the routes do', () => {
    // The charts page shows TRON, BSC and POLY only.
    expect(marked('/charts?n=ETH', null)).toEqual(['TRON', 'swap']);
    expect(marked('/charts', 'BTTC')).toEqual(['TRON', 'swap']);
    expect(marked('/?n=DOGE', 'BSC')).toEqual(['TRON', 'swap']);
    expect(marked('/listing', 'BSC')).toEqual(['BSC', 'swap']);
  });
});
