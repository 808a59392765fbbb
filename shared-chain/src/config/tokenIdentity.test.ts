import { readSearchInput } from './tokenIdentity';

const USDT_BSC = '0x55d398326f99059fF775485246999027B3197955';
const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('readSearchInput', () => {
  it('reads an address of the network, trimmed and in its one spelling', () => {
    expect(readSearchInput(`  ${USDT_BSC.toLowerCase()}\n`, 'evm')).toEqual({
      kind: 'address',
      address: USDT_BSC,
    });
    expect(readSearchInput(USDT_TRON, 'tron')).toEqual({ kind: 'address', address: USDT_TRON });
  });

  it("takes the token out of an explorer's token page link", () => {
    for (const link of [
      `https://bscscan.com/token/${USDT_BSC}`,
      `https://bscscan.com/token/${USDT_BSC}?a=0x976EA74026E726554dB657fA54763abd0C3a0aa9`,
      `https://etherscan.io/token/${USDT_BSC.toLowerCase()}#balances`,
      ` https://polygonscan.com/token/${USDT_BSC}/ `,
    ])
      expect(readSearchInput(link, 'evm')).toEqual({ kind: 'address', address: USDT_BSC });
    expect(readSearchInput(`https://tronscan.org/#/token20/${USDT_TRON}`, 'tron')).toEqual({
      kind: 'address',
      address: USDT_TRON,
    });
  });

  it('says which network a link of the other one is for, and a typo is one', () => {
    expect(readSearchInput(`https://tronscan.org/#/token20/${USDT_TRON}`, 'evm').kind).toBe(
      'bad-address',
    );
    expect(readSearchInput(`https://bscscan.com/token/${USDT_BSC.slice(0, -1)}6`, 'evm')).toEqual(
      expect.objectContaining({ kind: 'bad-address' }),
    );
  });

  it('takes no address from other links: a pair page would import the pool in the token’s place', () => {
    for (const link of [
      `https://dexscreener.com/bsc/${USDT_BSC}`,
      `https://bscscan.com/address/${USDT_BSC}`,
      `https://bscscan.com/tx/0x${'a'.repeat(64)}`,
      `https://evil.example/?token/${USDT_BSC}`,
    ])
      expect(readSearchInput(link, 'evm')).toEqual({ kind: 'text', text: link });
  });

  it('keeps words as search text', () => {
    expect(readSearchInput(' busd ', 'evm')).toEqual({ kind: 'text', text: 'busd' });
  });
});
