/**
 * Import by address on the real devnet (BSC anvil and the TRON devnode): a new taxed token with a
 * pool of its own, deployed here as a project would, is read from the chain with its buy and sell
 * tax measured by TokenProbe's simulated buy and sale; a honeypot's sale fails; a token calling
 * itself USDT stays a token of its own address; a wallet and a contract that is not a token are
 * refused. Once imported, the token's factory pool routes a swap whose arrival is the estimate to
 * the base unit.
 */
import { Contract, JsonRpcProvider } from 'ethers';
import { TronWeb } from 'tronweb';
import {
  ANVIL_ACCOUNTS,
  deployTokenWithPool,
  productionNetwork,
  startDevnet,
  startTronNetwork,
  type Devnet,
  type TronNetwork,
} from '@jmswap/devnet';
import { resetWalletServiceForTests } from '../testing';
import { savedChains, TRON_TEST_ACCOUNTS } from '../test/chains';
import { setNetworks } from '../config/registry';
import { resetExtraTokens } from '../config/extraTokens';
import type { NetworkConfig, NetworksFile } from '../config/types';
import { TOKEN_ABI } from '../adapters/abis.generated';
import { destroyProviders } from '../adapters/evm/provider';
import { toBase58 } from '../adapters/tron/address';
import { EVM_ADDRESS_ON_TRON, TRON_ADDRESS_ON_EVM } from '../config/tokenIdentity';
import { createTestProvider, installWindow, removeWindow } from './testing/eip1193';
import { connectWallet, disconnectWallet, networkById, switchNetwork } from './index';
import { executeSwap, getAmountNeeded, getSwapEstimate } from '../swap';
import { resetTaxDetection } from './taxDetection';
import { NOT_A_TOKEN, NO_CONTRACT, type TokenCandidate } from './tokenInspection';

jest.setTimeout(300_000);

/** Anvil dev account #6: the user. */
const ACCOUNT = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';

describe('BSC (anvil)', () => {
  let devnet: Devnet;
  let n: NetworkConfig;
  let taxed: string;
  let honeypot: string;
  let fakeUsdt: string;

  beforeAll(async () => {
    devnet = await startDevnet({
      networks: ['BSC'],
      ports: { BSC: 18681, POLY: 18682, BTTC: 18683, ETH: 18684 },
      history: false,
      configPath: false,
      ...savedChains(),
    });
    const file: NetworksFile = { ...devnet.config, profile: 'local' };
    setNetworks(file);
    n = file.networks.BSC;
    const common = {
      rpcUrl: n.nodeUrl,
      router: n.exchange.ROUTER_ADDRESS,
      factory: n.exchange.FACTORY_ADDRESS,
      decimals: 18,
      tokenLiquidity: 1_000_000n * 10n ** 18n,
      baseLiquidity: 100n * 10n ** 18n,
    };
    taxed = (await deployTokenWithPool({ ...common, name: 'Six Tax', symbol: 'SIX', tax: 6 }))
      .token;
    honeypot = (
      await deployTokenWithPool({ ...common, kind: 'honeypot', name: 'Sweet', symbol: 'HONEY' })
    ).token;
    fakeUsdt = (await deployTokenWithPool({ ...common, name: 'Tether USD', symbol: 'USDT' })).token;
    resetExtraTokens();
    resetTaxDetection();
    await switchNetwork('BSC');
    installWindow({ ethereum: createTestProvider(n.nodeUrl, { account: ACCOUNT }) });
    await connectWallet('injected');
  });

  afterAll(async () => {
    await disconnectWallet();
    await resetWalletServiceForTests();
    await new Promise((r) => setTimeout(r, 200));
    destroyProviders();
    removeWindow();
    await devnet?.stop();
  });

  async function balanceOf(token: string): Promise<bigint> {
    const rpc = new JsonRpcProvider(n.nodeUrl, n.chainId, { staticNetwork: true });
    try {
      return (await new Contract(token, TOKEN_ABI, rpc).getFunction('balanceOf')(
        ACCOUNT,
      )) as bigint;
    } finally {
      rpc.destroy();
    }
  }

  test('a new 6% token: facts from the chain, buy and sell tax measured by simulation', async () => {
    const { inspectTokenAddress } = await import('./tokenInspection');
    const inspection = await inspectTokenAddress(taxed.toLowerCase(), 'BSC');
    expect(inspection.kind).toBe('candidate');
    const token = (inspection as { token: TokenCandidate }).token;
    expect(token).toMatchObject({ address: taxed, symbol: 'SIX', name: 'Six Tax', decimals: 18 });
    expect(token.totalSupply).toBe(1_000_000n * 10n ** 18n);
    expect(token.taxes).toMatchObject({
      kind: 'measured',
      buy: { bps: 600n, exact: true },
      sell: { bps: 600n, exact: true },
      sellFails: false,
    });
  });

  test('imported, it is swapped through its factory pool: exact in and exact out arrive to the base unit', async () => {
    const { inspectTokenAddress } = await import('./tokenInspection');
    const { importToken } = await import('./tokenImport');
    const inspection = await inspectTokenAddress(taxed, 'BSC');
    const key = await importToken((inspection as { token: TokenCandidate }).token, 'BSC');
    expect(key).toBe(taxed);
    expect((await networkById('BSC')).tokens[taxed]).toMatchObject({
      symbol: 'SIX',
      tax: 6,
      origin: 'imported',
    });

    const estimate = (await getSwapEstimate({ from: 'BNB', to: taxed, amountIn: 10n ** 17n }))!;
    expect(estimate.path).toEqual(['BNB', taxed]);
    expect(estimate.taxes).toEqual([0, 6]);
    let before = await balanceOf(taxed);
    await executeSwap({ estimate });
    expect((await balanceOf(taxed)) - before).toBe(estimate.amountOut);

    const wanted = 777n * 10n ** 18n;
    const needed = (await getAmountNeeded({ from: 'BNB', to: taxed, amountOut: wanted }))!;
    before = await balanceOf(taxed);
    await executeSwap({ estimate: needed });
    expect((await balanceOf(taxed)) - before).toBe(wanted);

    // Through the listed USDT pools too: a path of 3 tokens over the factory's pool.
    const viaUsdt = (await getSwapEstimate({ from: 'USDT', to: taxed, amountIn: 10n ** 19n }))!;
    expect(viaUsdt.path).toEqual(['USDT', 'BNB', taxed]);
  });

  test('a honeypot: it can be bought but its sale fails in the simulation', async () => {
    const { inspectTokenAddress } = await import('./tokenInspection');
    const inspection = await inspectTokenAddress(honeypot, 'BSC');
    expect((inspection as { token: TokenCandidate }).token.taxes).toMatchObject({
      kind: 'measured',
      buy: { bps: 0n },
      sellFails: true,
      // The router's words for the token's refusal.
      reason: 'JMSwap: TRANSFER_FROM_FAILED',
    });
  });

  test('a token named USDT at another address is a token of its own, never the listed USDT', async () => {
    const { inspectTokenAddress } = await import('./tokenInspection');
    const inspection = await inspectTokenAddress(fakeUsdt, 'BSC');
    expect(inspection.kind).toBe('candidate');
    expect((inspection as { token: TokenCandidate }).token.symbol).toBe('USDT');
    const listed = await inspectTokenAddress(n.tokens.USDT!.address, 'BSC');
    expect(listed).toEqual({ kind: 'known', key: 'USDT' });
  });

  test('a wallet, a contract that is not a token, a TRON address: refused with the reason', async () => {
    const { inspectTokenAddress } = await import('./tokenInspection');
    expect(await inspectTokenAddress(ANVIL_ACCOUNTS[3] as string, 'BSC')).toEqual({
      kind: 'refused',
      message: NO_CONTRACT,
    });
    expect(await inspectTokenAddress(n.exchange.FACTORY_ADDRESS, 'BSC')).toEqual({
      kind: 'refused',
      message: NOT_A_TOKEN,
    });
    expect(await inspectTokenAddress(toBase58(taxed), 'BSC')).toEqual({
      kind: 'refused',
      message: TRON_ADDRESS_ON_EVM,
    });
  });
});

describe('TRON (devnode)', () => {
  let net: TronNetwork;
  let network: NetworkConfig;

  beforeAll(async () => {
    net = await startTronNetwork({
      network: productionNetwork('TRON'),
      devAccounts: TRON_TEST_ACCOUNTS,
      port: 18846,
      anvilPort: 18746,
      history: { swaps: 0, days: 0 },
      ...savedChains(),
    });
    network = net.config;
    const file: NetworksFile = {
      profile: 'local',
      version: 'test',
      networks: { TRON: network } as NetworksFile['networks'],
    };
    setNetworks(file);
    resetExtraTokens();
  });

  afterAll(async () => {
    await net?.stop();
  });

  test('the probe runs as a creation simulation: 5% bought and sold, a honeypot flagged', async () => {
    const evm = (address: string) => `0x${TronWeb.address.toHex(address).slice(2)}`;
    const common = {
      rpcUrl: net.rpcUrl,
      router: evm(network.exchange.ROUTER_ADDRESS),
      factory: evm(network.exchange.FACTORY_ADDRESS),
      decimals: 6,
      tokenLiquidity: 10_000_000n * 10n ** 6n,
      baseLiquidity: 100_000n * 10n ** 6n,
    };
    const five = toBase58(
      (await deployTokenWithPool({ ...common, name: 'Five', symbol: 'FIVE', tax: 5 })).token,
    );
    const trap = toBase58(
      (await deployTokenWithPool({ ...common, kind: 'honeypot', name: 'Trap', symbol: 'TRAP' }))
        .token,
    );
    const { inspectTokenAddress } = await import('./tokenInspection');
    const inspection = await inspectTokenAddress(five, 'TRON');
    expect((inspection as { token: TokenCandidate }).token).toMatchObject({
      address: five,
      symbol: 'FIVE',
      decimals: 6,
      taxes: { kind: 'measured', buy: { bps: 500n }, sell: { bps: 500n }, sellFails: false },
    });
    const honey = await inspectTokenAddress(trap, 'TRON');
    expect((honey as { token: TokenCandidate }).token.taxes).toMatchObject({ sellFails: true });
    expect(await inspectTokenAddress(network.exchange.ROUTER_ADDRESS, 'TRON')).toEqual({
      kind: 'refused',
      message: NOT_A_TOKEN,
    });
    expect(await inspectTokenAddress('0x976EA74026E726554dB657fA54763abd0C3a0aa9', 'TRON')).toEqual(
      { kind: 'refused', message: EVM_ADDRESS_ON_TRON },
    );
  });
});
