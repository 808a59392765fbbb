import { id } from 'ethers';
import {
  DEPOSIT_TOPIC,
  minted,
  movedBy,
  TRANSFER_TOPIC,
  transferred,
  WITHDRAWAL_TOPIC,
  type TxLog,
} from './receipt';

const USER = '0x00000000000000000000000000000000000000aa';
const PAIR = '0x00000000000000000000000000000000000000bb';
const ROUTER = '0x00000000000000000000000000000000000000cc';
const TOKEN = '0x1111111111111111111111111111111111111111';
const WBASE = '0x2222222222222222222222222222222222222222';
const topic = (address: string) => `0x${address.slice(2).padStart(64, '0')}`;
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;

const transfer = (token: string, from: string, to: string, value: bigint): TxLog => ({
  address: token,
  topics: [`0x${TRANSFER_TOPIC}`, topic(from), topic(to)],
  data: word(value),
});

test('the event topics are the keccak of their signatures', () => {
  expect(`0x${TRANSFER_TOPIC}`).toBe(id('Transfer(address,address,uint256)'));
  expect(`0x${DEPOSIT_TOPIC}`).toBe(id('Deposit(address,uint256)'));
  expect(`0x${WITHDRAWAL_TOPIC}`).toBe(id('Withdrawal(address,uint256)'));
});

test("a taxed token's transfer to the user counts what arrived, not the tax sent elsewhere", () => {
  const logs = [
    transfer(TOKEN, PAIR, USER, 970n),
    transfer(TOKEN, PAIR, '0x00000000000000000000000000000000000000dd', 30n),
  ];
  expect(transferred(logs, TOKEN, USER, 'to')).toBe(970n);
  expect(movedBy(logs, { address: TOKEN }, USER, ROUTER)).toEqual({ paid: undefined, got: 970n });
});

test('TRON logs (bare 20-byte addresses, no 0x) compare with 41-hex addresses', () => {
  const bare = (a: string) => a.slice(2);
  const logs: TxLog[] = [
    {
      address: bare(TOKEN),
      topics: [TRANSFER_TOPIC, topic(USER).slice(2), topic(PAIR).slice(2)],
      data: word(5n).slice(2),
    },
  ];
  expect(transferred(logs, `41${bare(TOKEN)}`, `41${bare(USER)}`, 'from')).toBe(5n);
});

test('the base coin: what the router wrapped (paid) and unwrapped (got)', () => {
  const logs: TxLog[] = [
    { address: WBASE, topics: [`0x${DEPOSIT_TOPIC}`, topic(ROUTER)], data: word(7n) },
    { address: WBASE, topics: [`0x${WITHDRAWAL_TOPIC}`, topic(ROUTER)], data: word(3n) },
    // someone else's unwrap in the same transaction is not the user's
    { address: WBASE, topics: [`0x${WITHDRAWAL_TOPIC}`, topic(PAIR)], data: word(100n) },
  ];
  expect(movedBy(logs, { address: WBASE, isBase: true }, USER, ROUTER)).toEqual({
    paid: 7n,
    got: 3n,
  });
});

test('no logs: nothing known (undefined), never a guessed 0', () => {
  expect(movedBy([], { address: TOKEN }, USER, ROUTER)).toEqual({
    paid: undefined,
    got: undefined,
  });
  expect(minted([], USER)).toBeUndefined();
});

test('pool tokens minted to the user (the first provider burns the minimum to zero)', () => {
  const zero = '0x0000000000000000000000000000000000000000';
  const logs = [transfer(PAIR, zero, zero, 1000n), transfer(PAIR, zero, USER, 5000n)];
  expect(minted(logs, USER)).toBe(5000n);
});

test('malformed data counts as nothing', () => {
  const bad: TxLog = { ...transfer(TOKEN, PAIR, USER, 1n), data: '0xzz' };
  expect(transferred([bad], TOKEN, USER, 'to')).toBe(0n);
});
