import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import { type AccountTrade, type Trade } from '@jmswap/shared-chain/history';
import { csvCell, toCsv } from './csv';
import { myTradesCsv, pairTradesCsv } from './exports';

const { networks } = parseNetworksFile(production);
const HASH = 'ab'.repeat(32);

describe('csv cells', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('1,000')).toBe('"1,000"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
  });

  it.each(['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tx'])(
    'defuses the formula-leading %p',
    (text) => {
      const cell = csvCell(text);
      expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('writes rows with CRLF line ends', () => {
    expect(toCsv(['a', 'b'], [['=1', 'x,y']])).toBe('a,b\r\n\'=1,"x,y"\r\n');
  });
});

describe('exports', () => {
  it("writes the user's swap with its side, amounts, price, USD value and explorer link", () => {
    const trade: AccountTrade = {
      date: Date.UTC(2026, 10, 23, 12, 0, 0),
      hash: HASH,
      pair: 'TPair',
      symbolIn: 'TRX',
      symbolOut: 'JM',
      amountIn: '100',
      amountOut: '1234.56789',
      price: '0.081',
      usd: 12.5,
    };
    const [header, row] = myTradesCsv(networks.TRON, [trade]).trim().split('\r\n');
    expect(header).toContain('USD value');
    expect(row).toBe(
      `2026-11-23T12:00:00.000Z,TRON,TRX/JM,buy,100,TRX,1234.56789,JM,0.081,TRX per JM,12.5,${HASH},https://tronscan.org/#/transaction/${HASH}`,
    );
  });

  it("writes a pair's trades priced as shown (quote A per base B), the amount of B and the total in A", () => {
    const trade: Trade = {
      type: 'sell',
      price: '530.25',
      buyAmount: '1060.5',
      sellAmount: '2',
      date: Date.UTC(2026, 10, 23),
      hash: `0x${HASH}`,
      trader: '=cmd',
    };
    // BNB/USDT as the charts page reads it: USDT per BNB
    const row = pairTradesCsv(networks.BSC, ['USDT', 'BNB'], [trade]).trim().split('\r\n')[1];
    expect(row).toBe(
      `2026-11-23T00:00:00.000Z,BSC,BNB/USDT,sell,530.25,USDT per BNB,2,BNB,1060.5,USDT,'=cmd,0x${HASH},https://bscscan.com/tx/0x${HASH}`,
    );
    // the page's toggle: BNB per USDT, the pair read USDT/BNB
    const inverted = pairTradesCsv(networks.BSC, ['BNB', 'USDT'], [trade]).split('\r\n')[1];
    expect(inverted).toContain(',BSC,USDT/BNB,sell,530.25,BNB per USDT,');
  });
});
