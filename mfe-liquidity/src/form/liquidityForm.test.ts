import production from '@jmswap/shared-chain/config/networks.production.json';
import { parseNetworksFile } from '@jmswap/shared-chain';
import { initialForm, liquidityReducer } from './liquidityForm';

const { networks } = parseNetworksFile(production);

test("a chosen token removed from the imported tokens gives its side the network's default", () => {
  const meme = '0x95bD8D42f30351685e96C62EDdc0d0613bf9a87A';
  const withMeme = {
    ...networks.BSC,
    tokens: { ...networks.BSC.tokens, [meme]: { ...networks.BSC.tokens.USDT!, address: meme } },
  };
  const adding = liquidityReducer(withMeme)(initialForm(withMeme, { from: 'BNB', to: meme }), {
    type: 'typed',
    field: 'A',
    text: '0.001',
  });
  expect(adding).toMatchObject({ step: 2, fromSymbol: 'BNB', toSymbol: meme });
  // Still there: nothing changes.
  expect(liquidityReducer(withMeme)(adding, { type: 'tokensChanged' })).toBe(adding);
  // Gone (it showed "Select" with nothing to quote): USDT, BSC's default second token.
  expect(liquidityReducer(networks.BSC)(adding, { type: 'tokensChanged' })).toMatchObject({
    step: 2,
    fromSymbol: 'BNB',
    toSymbol: 'USDT',
    fromAmount: '',
  });
});
