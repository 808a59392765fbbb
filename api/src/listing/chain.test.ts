import { startTestChains, type TestChains } from '../test/chain';
import { readToken, type ChainEndpoint } from './chain';

// Real local chains: BSC on anvil and the TRON devnode, with the DEX tokens deployed.
let chains: TestChains;
beforeAll(async () => {
  chains = await startTestChains({ tron: true, swaps: 1 });
}, 300_000);
afterAll(() => chains?.stop());

const endpoint = (id: 'BSC' | 'TRON'): ChainEndpoint => {
  const n = chains.devnet.config.networks[id];
  return { platform: n.platform, nodeUrl: n.nodeUrl };
};

it('reads name, symbol and decimals of a BSC token, and tells a missing or non-token contract', async () => {
  const usdt = chains.devnet.config.networks.BSC.tokens.USDT!;
  expect(await readToken(endpoint('BSC'), usdt.address)).toEqual({
    kind: 'token',
    facts: { name: expect.any(String), symbol: 'USDT', decimals: usdt.decimals },
  });
  expect(await readToken(endpoint('BSC'), '0x000000000000000000000000000000000000dEaD')).toEqual({
    kind: 'missing',
  });
  const router = chains.devnet.config.networks.BSC.exchange.ROUTER_ADDRESS;
  expect(await readToken(endpoint('BSC'), router)).toEqual({ kind: 'not-token' });
});

it('reads a TRON token through the full node, and tells an address without a contract', async () => {
  const jm = chains.devnet.config.networks.TRON.tokens.JM!;
  expect(await readToken(endpoint('TRON'), jm.address)).toEqual({
    kind: 'token',
    facts: { name: expect.any(String), symbol: 'JM', decimals: jm.decimals },
  });
  expect(await readToken(endpoint('TRON'), 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toEqual({
    kind: 'missing',
  });
});

it('says unreachable when the node does not answer', async () => {
  const answer = await readToken({ platform: 'evm', nodeUrl: 'http://127.0.0.1:1' }, '0x1', 2000);
  expect(answer.kind).toBe('unreachable');
});
