import fc from 'fast-check';
import { Interface, id } from 'ethers';
import { loadArtifact } from '@jmswap/devnet';
import { TronWeb } from 'tronweb';
import { APPROVAL_TOPIC, decodeLog, decodeTransfer, TOPICS, TRANSFER_TOPIC } from './events';
import { hexToTron, tronToHex } from './address';

const pair = new Interface(loadArtifact('JMSwapPair').abi as never);
const factory = new Interface(loadArtifact('JMSwapFactory').abi as never);
const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((b) => '0x' + Buffer.from(b).toString('hex'));
const uint112 = fc.bigInt({ min: 0n, max: 2n ** 112n - 1n });

it('the topic constants are the keccak-256 of the contracts’ event signatures', () => {
  expect(TOPICS.Swap).toBe(id('Swap(address,uint256,uint256,uint256,uint256,address)'));
  expect(TOPICS.Sync).toBe(id('Sync(uint112,uint112)'));
  expect(TOPICS.Mint).toBe(id('Mint(address,uint256,uint256)'));
  expect(TOPICS.Burn).toBe(id('Burn(address,uint256,uint256,address)'));
  expect(TOPICS.PairCreated).toBe(id('PairCreated(address,address,address,uint256)'));
  for (const name of ['Swap', 'Sync', 'Mint', 'Burn'] as const)
    expect(pair.getEvent(name)!.topicHash).toBe(TOPICS[name]);
  expect(factory.getEvent('PairCreated')!.topicHash).toBe(TOPICS.PairCreated);
});

it('decodes what the contracts emit (ethers encodes, the hand decoder reads)', () => {
  fc.assert(
    fc.property(address, address, uint112, uint112, uint112, uint112, (s, to, a, b, c, d) => {
      const swap = pair.encodeEventLog('Swap', [s, a, b, c, d, to]);
      expect(decodeLog(swap)).toEqual({
        kind: 'Swap',
        sender: s,
        to,
        amount0In: a,
        amount1In: b,
        amount0Out: c,
        amount1Out: d,
      });
      expect(decodeLog(pair.encodeEventLog('Sync', [a, b]))).toEqual({
        kind: 'Sync',
        reserve0: a,
        reserve1: b,
      });
      expect(decodeLog(pair.encodeEventLog('Burn', [s, a, b, to]))).toEqual({
        kind: 'Burn',
        sender: s,
        to,
        amount0: a,
        amount1: b,
      });
      expect(decodeLog(factory.encodeEventLog('PairCreated', [s, to, to, 1n]))).toMatchObject({
        kind: 'PairCreated',
        token0: s,
        token1: to,
        pair: to,
      });
    }),
    { numRuns: 100 },
  );
  expect(decodeLog({ topics: [TOPICS.Swap], data: '0x' })).toBeNull();
  expect(decodeLog({ topics: ['0x' + '0'.repeat(64)], data: '0x' })).toBeNull();
});

it('TRON base58 addresses round-trip like tronweb’s, and a wrong checksum is refused', () => {
  fc.assert(
    fc.property(address, (a) => {
      const b58 = TronWeb.address.fromHex('41' + a.slice(2));
      expect(hexToTron(a)).toBe(b58);
      expect(tronToHex(b58)).toBe(a);
      const broken = b58.slice(0, -1) + (b58.endsWith('1') ? '2' : '1');
      expect(tronToHex(broken)).toBeNull();
    }),
  );
});

it('decodes a token’s Approval (owner, spender, value) as the token contract emits it', () => {
  const token = new Interface(loadArtifact('TaxedToken').abi as never);
  expect(token.getEvent('Approval')!.topicHash).toBe(APPROVAL_TOPIC);
  fc.assert(
    fc.property(address, address, fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (o, s, v) => {
      expect(decodeLog(token.encodeEventLog('Approval', [o, s, v]))).toEqual({
        kind: 'Approval',
        owner: o,
        spender: s,
        value: v,
      });
    }),
    { numRuns: 50 },
  );
  // An Approval without its indexed spender (a malformed log) is not an approval.
  expect(
    decodeLog({ topics: [APPROVAL_TOPIC, '0x' + '0'.repeat(64)], data: '0x' + '0'.repeat(64) }),
  ).toBeNull();
});

it('reads a token transfer from an EVM receipt log and a TRON one (no 0x, no 41), nothing else', () => {
  const erc20 = new Interface([
    'event Transfer(address indexed from, address indexed to, uint256 value)',
  ]);
  expect(TRANSFER_TOPIC).toBe(id('Transfer(address,address,uint256)'));
  fc.assert(
    fc.property(
      address,
      address,
      address,
      fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
      (token, from, to, value) => {
        const log = { address: token, ...erc20.encodeEventLog('Transfer', [from, to, value]) };
        const transfer = { token, from, to, value };
        expect(decodeTransfer(log)).toEqual(transfer);
        const strip = (h: string) => h.slice(2);
        const tron = {
          address: strip(token),
          topics: log.topics.map(strip),
          data: strip(log.data),
        };
        expect(decodeTransfer(tron)).toEqual(transfer);
      },
    ),
  );
  const good = {
    address: '0x' + '1'.repeat(40),
    ...erc20.encodeEventLog('Transfer', ['0x' + '2'.repeat(40), '0x' + '3'.repeat(40), 5n]),
  };
  expect(decodeTransfer(good)).not.toBeNull();
  // An Approval, an ERC-721 Transfer (the id indexed: four topics), short data, a bad address.
  expect(decodeTransfer({ ...good, topics: [APPROVAL_TOPIC, ...good.topics.slice(1)] })).toBeNull();
  expect(decodeTransfer({ ...good, topics: [...good.topics, good.data], data: '0x' })).toBeNull();
  expect(decodeTransfer({ ...good, data: '0x05' })).toBeNull();
  expect(decodeTransfer({ ...good, address: 'T' + '1'.repeat(33) })).toBeNull();
  expect(decodeTransfer({ address: null, topics: 'x', data: 5 })).toBeNull();
});
