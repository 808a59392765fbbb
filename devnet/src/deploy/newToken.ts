/**
 * A token the config does not list, deployed on a running devnet chain with a pool against the
 * wrapped base coin, the way a new project launches one: for the tests of import by address
 * (taxes detected by simulation, a honeypot, a look-alike symbol). On TRON, pass the devnode's
 * anvil url: the contracts are the same EVM contracts, their TRON addresses 41 + the same bytes.
 */
import {
  Contract,
  ContractFactory,
  JsonRpcProvider,
  NonceManager,
  type ContractTransactionResponse,
  type InterfaceAbi,
} from 'ethers';
import { loadArtifact } from '../artifacts';
import { PaddedWallet } from './signer';
import { ANVIL_KEYS, TAX_WALLET } from './deployNetwork';
import { deployed, mined } from './mined';

export interface NewTokenOptions {
  /** The chain's JSON-RPC url (TRON: the devnode's anvil). */
  rpcUrl: string;
  /** Deployer key (default anvil account #8's: nothing else sends from it). */
  key?: string;
  /** 0x addresses of the exchange. */
  router: string;
  factory: string;
  /** 'taxed' (TaxedToken with `tax`), 'honeypot' (only its owner can sell), 'plain' (no code of a token). */
  kind?: 'taxed' | 'honeypot';
  name: string;
  symbol: string;
  decimals: number;
  tax?: number;
  /** Pool depth: token base units and base coin (wei; sun on TRON). 0n: no pool. */
  tokenLiquidity: bigint;
  baseLiquidity: bigint;
  /** Also mint this many base units to each account. */
  mintTo?: { accounts: string[]; amount: bigint };
}

export interface NewToken {
  /** 0x address. */
  token: string;
  /** 0x address of its pool with the wrapped base coin, when one was made. */
  pair?: string;
}

export async function deployTokenWithPool(opts: NewTokenOptions): Promise<NewToken> {
  const provider = new JsonRpcProvider(opts.rpcUrl, undefined, { staticNetwork: true });
  try {
    const wallet = new PaddedWallet(opts.key ?? (ANVIL_KEYS[8] as string), provider);
    const signer = new NonceManager(wallet);
    const me = wallet.address;
    // A devnet account of its own, funded here: gas and the pool's base coin.
    const funds = opts.baseLiquidity + 10n ** 21n;
    await provider.send('anvil_setBalance', [me, `0x${funds.toString(16)}`]);
    const send = (p: Promise<ContractTransactionResponse>) => mined(p);
    const kind = opts.kind ?? 'taxed';
    const artifact = loadArtifact(kind === 'honeypot' ? 'HoneypotToken' : 'TaxedToken');
    const args =
      kind === 'honeypot'
        ? [opts.name, opts.symbol, opts.decimals]
        : [opts.name, opts.symbol, opts.decimals, opts.tax ?? 0, TAX_WALLET];
    const contract = await deployed(
      new ContractFactory(artifact.abi as InterfaceAbi, artifact.bytecode, signer).deploy(...args),
    );
    const token = new Contract(await contract.getAddress(), artifact.abi as InterfaceAbi, signer);
    const address = await token.getAddress();
    if (kind === 'taxed') await send(token.getFunction('setExempt')(me, true));
    await send(token.getFunction('mint')(me, opts.tokenLiquidity));
    for (const account of opts.mintTo?.accounts ?? [])
      await send(token.getFunction('mint')(account, opts.mintTo?.amount ?? 0n));
    if (opts.tokenLiquidity === 0n || opts.baseLiquidity === 0n) return { token: address };
    const routerAbi = loadArtifact('JMSwapRouter').abi as InterfaceAbi;
    const router = new Contract(opts.router, routerAbi, signer);
    await send(token.getFunction('approve')(opts.router, opts.tokenLiquidity));
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
    await send(
      router.getFunction('addLiquidityBase')(address, opts.tokenLiquidity, 0n, 0n, me, deadline, {
        value: opts.baseLiquidity,
      }),
    );
    const factoryAbi = loadArtifact('JMSwapFactory').abi as InterfaceAbi;
    const wbase = (await router.getFunction('WBASE')()) as string;
    const pair = (await new Contract(opts.factory, factoryAbi, provider).getFunction('getPair')(
      address,
      wbase,
    )) as string;
    if (kind === 'honeypot') await send(token.getFunction('setPair')(pair, true));
    return { token: address, pair };
  } finally {
    provider.destroy();
  }
}
