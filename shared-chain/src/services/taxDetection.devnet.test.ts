/**
 * Token taxes detected on chain on the real devnet: KLV on BSC and ZLF on TRON are
 * configured at 0% but their owner raised the tax to 4% after seeding (devnet RETAXED_TOKENS).
 * The probe finds 4% exactly, a configured taxed token reads as configured, and a swap made
 * from the estimate delivers exactly the estimated amount (exact in) or exactly the amount
 * asked for (exact out).
 */
import { Contract, JsonRpcProvider } from 'ethers';
import { TronWeb } from 'tronweb';
import {
  productionNetwork,
  startDevnet,
  startTronNetwork,
  type Devnet,
  type TronNetwork,
} from '@jmswap/devnet';
import { resetWalletServiceForTests } from '../testing';
import { savedChains, TRON_TEST_ACCOUNTS } from '../test/chains';
import { setNetworks } from '../config/registry';
import type { NetworkConfig, NetworksFile } from '../config/types';
import { TOKEN_ABI } from '../adapters/abis.generated';
import { destroyProviders } from '../adapters/evm/provider';
import { TronReader } from '../adapters/tron/reader';
import { TronWriter } from '../adapters/tron/writer';
import { TronDevConnector, TRON_DEV_PRIVATE_KEY } from '../adapters/tron/dev-wallet';
import { estimateSwap } from '../core/estimate';
import { checkTax, taxOfTransfer, withDetectedTaxes } from '../core/taxDetection';
import { createTestProvider, installWindow, removeWindow } from './testing/eip1193';
import { connectWallet, disconnectWallet, switchNetwork } from './index';
import { executeSwap, getAmountNeeded, getSwapEstimate } from '../swap';
import { probeAmount, resetTaxDetection } from './taxDetection';

jest.setTimeout(300_000);

/** Anvil dev account #6: the user. */
const ACCOUNT = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';

describe('BSC (anvil): KLV configured 0%, 4% on chain', () => {
  let devnet: Devnet;
  let n: NetworkConfig;

  beforeAll(async () => {
    devnet = await startDevnet({
      networks: ['BSC'],
      ports: { BSC: 18671, POLY: 18672, BTTC: 18673, ETH: 18674 },
      history: false,
      configPath: false,
      ...savedChains(),
    });
    const file: NetworksFile = { ...devnet.config, profile: 'local' };
    setNetworks(file);
    n = file.networks.BSC;
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

  async function klvBalance(): Promise<bigint> {
    const rpc = new JsonRpcProvider(n.nodeUrl, n.chainId, { staticNetwork: true });
    try {
      const token = new Contract(n.tokens.KLV!.address, TOKEN_ABI, rpc);
      return (await token.getFunction('balanceOf')(ACCOUNT)) as bigint;
    } finally {
      rpc.destroy();
    }
  }

  test('the estimate shows the detected 4% and a BNB -> KLV swap delivers exactly it', async () => {
    const estimate = (await getSwapEstimate({ from: 'BNB', to: 'KLV', amountIn: 10n ** 17n }))!;
    const klv = estimate.taxChecks!.find((c) => c.symbol === 'KLV')!;
    expect(klv).toMatchObject({
      configuredPercent: 0,
      detected: { bps: 400n, exact: true },
      usedPercent: 4,
      differs: true,
    });
    expect(estimate.taxes).toEqual([0, 4]);
    const before = await klvBalance();
    await executeSwap({ estimate });
    expect((await klvBalance()) - before).toBe(estimate.amountOut);
  });

  test('exact out: the router is sent the detected tax and exactly the amount asked arrives', async () => {
    const wanted = 12_345n * 10n ** BigInt(n.tokens.KLV!.decimals);
    const estimate = (await getAmountNeeded({ from: 'BNB', to: 'KLV', amountOut: wanted }))!;
    const before = await klvBalance();
    await executeSwap({ estimate });
    expect((await klvBalance()) - before).toBe(wanted);
  });

  test('a token whose tax matches its config reads as configured (O1T 7%)', async () => {
    const estimate = (await getSwapEstimate({ from: 'BNB', to: 'O1T', amountIn: 10n ** 16n }))!;
    expect(estimate.taxChecks!.find((c) => c.symbol === 'O1T')).toMatchObject({
      configuredPercent: 7,
      detected: { bps: 700n, exact: true },
      differs: false,
    });
  });
});

describe('TRON (devnode): ZLF configured 0%, 4% on chain', () => {
  let net: TronNetwork;
  let network: NetworkConfig;
  const me = TronWeb.address.fromPrivateKey(TRON_DEV_PRIVATE_KEY) as string;

  beforeAll(async () => {
    net = await startTronNetwork({
      network: productionNetwork('TRON'),
      devAccounts: TRON_TEST_ACCOUNTS,
      port: 18845,
      anvilPort: 18745,
      history: { swaps: 0, days: 0 },
      ...savedChains(),
    });
    network = net.config;
  });

  afterAll(async () => {
    await net?.stop();
  });

  test('triggerconstantcontract finds 4%, and a TRX -> ZLF swap delivers exactly the estimate', async () => {
    const reader = new TronReader(network);
    const pools = (await reader.pairReserves())!;
    const amountIn = probeAmount(network, pools, 'ZLF');
    const reading = (await reader.probeTransferTax(['TRX', 'ZLF'], amountIn))!;
    const zlf = checkTax('ZLF', 0, taxOfTransfer(reading.sent, reading.received));
    expect(zlf).toMatchObject({ detected: { bps: 400n, exact: true }, usedPercent: 4 });
    const jmReading = (await reader.probeTransferTax(['TRX', 'JM'], amountIn))!;
    expect(taxOfTransfer(jmReading.sent, jmReading.received)).toMatchObject({
      bps: 300n,
      exact: true,
    });

    const tokens = withDetectedTaxes(network.tokens, { ZLF: zlf });
    const estimate = estimateSwap({ tokens, pools, from: 'TRX', to: 'ZLF', amountIn: 5_000_000n })!;
    const wallet = await new TronDevConnector({ privateKey: TRON_DEV_PRIVATE_KEY }).connect(
      network,
    );
    const writer = new TronWriter(network, wallet, { pollIntervalMs: 100 });
    const before = (await reader.balances(me, ['ZLF']))!.ZLF!;
    await writer.swap({
      kind: 'exactIn',
      path: estimate.path,
      amount: estimate.amountIn,
      bound: estimate.minimumReceived,
      recipient: me,
      taxes: [0, zlf.usedPercent],
    });
    reader.reset();
    const after = (await reader.balances(me, ['ZLF']))!.ZLF!;
    expect(after - before).toBe(estimate.amountOut);
    // With the config's 0% the same estimate would have promised more than arrived.
    const naive = estimateSwap({
      ...{ tokens: network.tokens, pools },
      from: 'TRX',
      to: 'ZLF',
      amountIn: 5_000_000n,
    })!;
    expect(naive.amountOut).toBeGreaterThan(estimate.amountOut);
  });
});
