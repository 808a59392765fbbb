/**
 * A node's copy of a sent transaction is checked against the wallet's hash and what the app
 * built: signed here by a real key (ethers), as a wallet signs, in both transaction types.
 */
import { Transaction, Wallet } from 'ethers';
import { sentTxProblem, signedHashOf, type NodeTx } from './sentTx';

const key = new Wallet(`0x${'59'.repeat(32)}`);
const ROUTER = `0x${'22'.repeat(20)}`;
const ATTACKER = `0x${'66'.repeat(20)}`;
const DATA = `0x38ed1739${'00'.repeat(64)}`;
const q = (n: bigint | number) => `0x${BigInt(n).toString(16)}`;

/** What eth_getTransactionByHash answers for a transaction `key` signed. */
async function signed(type: 0 | 2): Promise<{ hash: string; answer: NodeTx }> {
  const raw = await key.signTransaction({
    type,
    chainId: 56,
    nonce: 7,
    to: ROUTER,
    data: DATA,
    value: 5n,
    gasLimit: 200_000n,
    ...(type === 2
      ? { maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
      : { gasPrice: 3_000_000_000n }),
  });
  const tx = Transaction.from(raw);
  const sig = tx.signature!;
  return {
    hash: tx.hash as string,
    answer: {
      hash: tx.hash as string,
      type: q(type),
      chainId: q(56),
      nonce: q(7),
      from: key.address,
      to: ROUTER,
      input: DATA,
      value: q(5),
      gas: q(200_000),
      ...(type === 2
        ? { maxFeePerGas: q(3_000_000_000), maxPriorityFeePerGas: q(1_000_000_000), accessList: [] }
        : { gasPrice: q(3_000_000_000) }),
      v: q(sig.v === 27 ? 56 * 2 + 35 : 56 * 2 + 36),
      r: sig.r,
      s: sig.s,
      ...(type === 2 ? { yParity: q(sig.yParity), v: q(sig.yParity) } : {}),
      blockNumber: null,
    },
  };
}

const sent = {
  from: key.address,
  chainId: 56,
  to: ROUTER,
  data: DATA,
  value: '5',
  gas: '200000',
  nonce: 7,
};

describe.each([0, 2] as const)('a type %i transaction', (type) => {
  it("as the node has it: its fields hash to the wallet's hash and match what was sent", async () => {
    const { hash, answer } = await signed(type);
    expect(signedHashOf(answer)).toBe(hash);
    expect(sentTxProblem(answer, hash, sent)).toBeUndefined();
  });

  it.each<[string, Partial<NodeTx>]>([
    ['another recipient', { to: ATTACKER }],
    ['other calldata', { input: `${DATA.slice(0, -2)}01` }],
    ['another value', { value: q(6) }],
    ['another nonce', { nonce: q(8) }],
  ])('a node that rewrites it (%s) is refused: it no longer hashes to the id', async (_l, edit) => {
    const { hash, answer } = await signed(type);
    expect(sentTxProblem({ ...answer, ...edit }, hash, sent)).toBe(
      'gave a transaction whose contents do not hash to its id',
    );
  });

  it('a real transaction that is not the one the app built (the wallet changed it) is named', async () => {
    const { hash, answer } = await signed(type);
    expect(sentTxProblem(answer, hash, { ...sent, to: ATTACKER, data: '0x' })).toBe(
      'gave another recipient, calldata than was sent',
    );
    expect(sentTxProblem(answer, hash, { ...sent, from: ATTACKER, chainId: 137 })).toBe(
      'gave another sender, chain than was sent',
    );
  });
});
