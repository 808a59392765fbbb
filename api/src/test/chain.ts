// Test infrastructure: local chains from the devnet, and real swaps made with its ethers.
import { Contract, JsonRpcProvider, NonceManager, Wallet, type InterfaceAbi } from 'ethers';
import {
  ANVIL_KEYS,
  loadArtifact,
  mined,
  startDevnet,
  taxesFor,
  testRunCache,
  type Devnet,
} from '@jmswap/devnet';
import { indexedNetworks, type IndexedNetwork, type NetworksFile } from '../config';
import { freePort } from './postgres-server';
import { TOPICS } from '../chain/events';

export interface TestChains {
  devnet: Devnet;
  networks: IndexedNetwork[];
  bsc: IndexedNetwork;
  rpcUrl: string;
  /** The anvil under the TRON devnode (tron: true). */
  tronAnvilUrl?: string;
  stop(): Promise<void>;
}

/**
 * BSC (and optionally TRON) on free ports, seeded with `swaps` past swaps. Within a test run
 * (the devnet's testRunCache, made by the global setup) the first file to ask for a set of options
 * seeds its chains and saves them; the next ones restore them (the devnet's state cache: same
 * contracts and history, plus one block mined at the wall clock).
 */
export async function startTestChains(
  opts: { tron?: boolean; swaps?: number } = {},
): Promise<TestChains> {
  const bscPort = await freePort();
  const tronPorts = opts.tron ? { node: await freePort(), anvil: await freePort() } : undefined;
  const swaps = opts.swaps ?? 12;
  // A folder per set of options: saving a network replaces that network's other entries.
  const cache = testRunCache(`chains/${opts.tron ? 'bsc-tron' : 'bsc'}-${swaps}-swaps`);
  const devnet = await startDevnet({
    networks: opts.tron ? ['BSC', 'TRON'] : ['BSC'],
    ports: { BSC: bscPort },
    ...(tronPorts ? { tronPorts } : {}),
    history: { swaps, days: 2 },
    configPath: false,
    ...(cache ? { stateCache: cache } : {}),
  });
  const networks = indexedNetworks(devnet.config as unknown as NetworksFile);
  return {
    devnet,
    networks,
    bsc: networks.find((n) => n.id === 'BSC')!,
    rpcUrl: devnet.config.networks.BSC.nodeUrl,
    ...(tronPorts ? { tronAnvilUrl: `http://127.0.0.1:${tronPorts.anvil}` } : {}),
    stop: () => devnet.stop(),
  };
}

/** Swaps `amountIn` wei of BNB for USDT on the BSC chain through the router; returns the tx hash. */
export async function swapBnbForUsdt(
  chains: TestChains,
  amountIn: bigint,
  keyIndex = 3,
): Promise<string> {
  const cfg = chains.devnet.config.networks.BSC;
  const provider = new JsonRpcProvider(chains.rpcUrl, undefined, { staticNetwork: true });
  try {
    const signer = new NonceManager(new Wallet(ANVIL_KEYS[keyIndex]!, provider));
    const router = new Contract(
      cfg.exchange.ROUTER_ADDRESS,
      loadArtifact('JMSwapRouter').abi as InterfaceAbi,
      signer,
    );
    const path = [cfg.tokens.BNB!.address, cfg.tokens.USDT!.address];
    const tx = await router.getFunction('swapExactBaseForTokens')(
      0n,
      path,
      taxesFor([0, 0]),
      await signer.getAddress(),
      BigInt(Math.floor(Date.now() / 1000) + 3600),
      { value: amountIn },
    );
    await mined(tx);
    return tx.hash as string;
  } finally {
    provider.destroy();
  }
}

/**
 * `amountIn` of `path[0]` swapped along `path` through `router` (lower-case 0x) by anvil account
 * `keyIndex` on the chain at `url` (BSC's anvil, or the anvil under the TRON devnode), after
 * approving it; ending in the base coin's wrapped token pays out the coin.
 */
export async function swapTokens(
  url: string,
  router: string,
  path: string[],
  amountIn: bigint,
  keyIndex: number,
  wrappedBase: string,
  /** Each path token's tax in percent: the router's `taxes`, which it nets each hop's amount of. */
  taxes: number[] = path.map(() => 0),
): Promise<string> {
  const provider = new JsonRpcProvider(url, undefined, { staticNetwork: true });
  try {
    const wallet = new Wallet(ANVIL_KEYS[keyIndex]!, provider);
    await topUpGas(url, provider, wallet.address);
    const signer = new NonceManager(wallet);
    const erc20 = new Contract(
      path[0]!,
      ['function approve(address,uint256) returns (bool)'],
      signer,
    );
    await mined(await erc20.getFunction('approve')(router, amountIn));
    const contract = new Contract(router, loadArtifact('JMSwapRouter').abi as InterfaceAbi, signer);
    const method =
      path.at(-1) === wrappedBase ? 'swapExactTokensForBase' : 'swapExactTokensForTokens';
    const tx = await contract.getFunction(method)(
      amountIn,
      0n,
      path,
      taxesFor(taxes),
      await signer.getAddress(),
      BigInt(Math.floor(Date.now() / 1000) + 3600),
    );
    await mined(tx);
    return tx.hash as string;
  } finally {
    provider.destroy();
  }
}

/** The gas, whatever the seeding left this account (10^16 is exact as TRON sun too). */
async function topUpGas(url: string, provider: JsonRpcProvider, address: string): Promise<void> {
  const gas = 10n ** 16n;
  if ((await provider.getBalance(address)) < gas)
    await rpc(url, 'anvil_setBalance', [address, `0x${gas.toString(16)}`]);
}

export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

/** The devnet's latest block number. */
export const headBlock = async (chains: TestChains): Promise<number> =>
  Number(await rpc<string>(chains.rpcUrl, 'eth_blockNumber'));

/** How many Swap events the devnet's BSC pools have emitted so far (what an indexer should find). */
export const swapLogCount = async (chains: TestChains): Promise<number> =>
  (
    await rpc<unknown[]>(chains.rpcUrl, 'eth_getLogs', [
      {
        fromBlock: '0x0',
        toBlock: 'latest',
        topics: [TOPICS.Swap],
        address: [...chains.bsc.pools.keys()],
      },
    ])
  ).length;

/**
 * `approve(spender, amount)` of `token` from anvil account `keyIndex` on the chain at `url` (BSC's
 * anvil, or the anvil under the TRON devnode, whose accounts are the TRON dev accounts); returns
 * the tx hash.
 */
export async function approveToken(
  url: string,
  token: string,
  spender: string,
  amount: bigint,
  keyIndex = 7,
): Promise<string> {
  const provider = new JsonRpcProvider(url, undefined, { staticNetwork: true });
  try {
    const signer = new Wallet(ANVIL_KEYS[keyIndex]!, provider);
    await topUpGas(url, provider, signer.address);
    const erc20 = new Contract(token, ['function approve(address,uint256) returns (bool)'], signer);
    const tx = await erc20.getFunction('approve')(spender, amount);
    await mined(tx);
    return tx.hash as string;
  } finally {
    provider.destroy();
  }
}

/** The address of anvil account `keyIndex` (lower-case 0x). */
export const anvilAddress = (keyIndex: number) =>
  new Wallet(ANVIL_KEYS[keyIndex]!).address.toLowerCase();
