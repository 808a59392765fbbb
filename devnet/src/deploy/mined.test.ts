import { ContractFactory, JsonRpcProvider, type TransactionResponse } from 'ethers';
import { startAnvil, type AnvilInstance } from '../anvil';
import { loadArtifact } from '../artifacts';
import { ANVIL_ACCOUNTS } from './deployNetwork';
import { deployed, mined } from './mined';

let anvil: AnvilInstance;
let provider: JsonRpcProvider;
const FROM = ANVIL_ACCOUNTS[7] as string;

beforeAll(async () => {
  anvil = await startAnvil({ port: 18831, chainId: 31_337 });
  provider = new JsonRpcProvider(anvil.url, undefined, { staticNetwork: true });
});
afterAll(async () => {
  provider?.destroy();
  await anvil?.stop();
});

/** The node's head, asked now (ethers' getBlockNumber() may answer from its cache). */
const head = async () => Number(await provider.send('eth_blockNumber', []));
const pay = async (): Promise<TransactionResponse> =>
  (await provider.getSigner(FROM)).sendTransaction({ to: ANVIL_ACCOUNTS[8], value: 1n });

test('returns the receipt of a transaction the node mined', async () => {
  const receipt = await mined(pay());
  expect(receipt.status).toBe(1);
  expect(receipt.blockNumber).toBe(await head());
});

test('waits while the transaction is pending, and returns once a block mines it', async () => {
  await provider.send('evm_setAutomine', [false]);
  try {
    const sent = await pay();
    const waiting = mined(sent);
    let done = false;
    void waiting.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    await provider.send('evm_mine', []);
    expect((await waiting).hash).toBe(sent.hash);
  } finally {
    await provider.send('evm_setAutomine', [true]);
  }
});

// The receipt missing at the first look (a node that indexes it a moment after the block), and no
// later block to wait for.
test('finds the receipt that was not there at its first look, with no later block', async () => {
  const sent = await pay();
  // Mined by the node first (on a loaded machine that can take a few looks of its own): the one
  // missing look is then the one this node answers.
  await mined(sent);
  let looks = 0;
  const late = {
    hash: sent.hash,
    provider: Object.assign(Object.create(provider) as JsonRpcProvider, {
      getTransactionReceipt: (hash: string) =>
        looks++ === 0 ? Promise.resolve(null) : provider.getTransactionReceipt(hash),
    }),
  };
  expect((await mined(late, 5_000)).blockNumber).toBe(await head());
  expect(looks).toBe(2);
});

test('says which transaction reverted, and which never came', async () => {
  const { abi, bytecode } = loadArtifact('TaxedToken');
  const signer = await provider.getSigner(FROM);
  const token = await deployed(
    new ContractFactory(abi as never, bytecode, signer).deploy('T', 'T', 18, 0, FROM),
  );
  expect(await provider.getCode(await token.getAddress())).not.toBe('0x');
  // More than the sender holds: the token reverts, and the node still mines it (gas given).
  const transfer = token.getFunction('transfer');
  const reverting = transfer.send(ANVIL_ACCOUNTS[8], 1n, { gasLimit: 100_000 });
  await expect(mined(reverting)).rejects.toThrow(/devnet: transaction 0x[0-9a-f]{64} reverted/);

  await provider.send('evm_setAutomine', [false]);
  try {
    await expect(mined(pay(), 200)).rejects.toThrow(/no receipt for 0x[0-9a-f]{64} after 0.2 s/);
  } finally {
    await provider.send('evm_mine', []);
    await provider.send('evm_setAutomine', [true]);
  }
});
