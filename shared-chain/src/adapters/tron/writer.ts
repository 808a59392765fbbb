/**
 * TRON sends, signed by the connected wallet's TronWeb (TronLink's `window.tronWeb` or the dev
 * wallet's): approvals, the six router swaps, liquidity add/remove and createPair. The fee limit
 * of each comes from its simulation (simulate.ts: energy_used + 20% at the chain's energy price),
 * capped by the spec's fee limits (100 TRX by default, 200 TRX for liquidity, 1000 TRX to create
 * a pair); a simulation that reverts stops the send before the wallet signs (SimulationError).
 *
 * Each send: (chain check) -> simulation -> tronweb `send()` (triggersmartcontract, the wallet signs, broadcast)
 * -> poll gettransactioninfobyid until the transaction is in a block -> resolve on receipt
 * SUCCESS, else reject with ChainError "Transaction failed" carrying java-tron's result in
 * `detail`. A declined signature rejects with code 4001 before anything is broadcast.
 */
import type {
  AddLiquidityOrder,
  ChainWriter,
  PreviewOrder,
  RemoveLiquidityOrder,
  SendHooks,
  SendPreview,
  SwapOrder,
  TxResult,
  WalletConnection,
} from '../types';
import type { NetworkConfig } from '../../config/types';
import {
  defaultDeadline,
  MAX_APPROVAL,
  TRON_FEE_LIMIT_CREATE_PAIR_SUN,
  TRON_FEE_LIMIT_DEFAULT_SUN,
  TRON_FEE_LIMIT_LIQUIDITY_SUN,
} from '../../core/constants';
import { ChainError, withMinedFailure } from '../../core/errors';
import type { TxLog } from '../../core/receipt';
import { liquidityRouterOf } from '../../core/routers';
import { assertSendingAccount, transactionSubmitted, walletAsked } from '../../bus/pending';
import { APPROVED_BY_HOST } from '../widget/relay';
import { FACTORY_ABI, LIQUIDITY_ROUTER_ABI, ROUTER_ABI, TOKEN_ABI } from '../abis.generated';
import {
  addressOf,
  contractAt,
  isBaseSymbol,
  method,
  sunToNumber,
  taxesBytes32,
  toBase58,
  uint,
} from './contracts';
import { decodeRevertReason, toSendError, transactionFailed } from './errors';
import type { TronTxInfo, TronWebLike } from './tronweb-like';
import type { SendAction } from '../../core/simulation';
import {
  minedFailureText,
  SimulationError,
  SimulationUnavailableError,
} from '../../core/simulation';
import { feeLimitFromEnergy } from '../../core/tronFee';
import { nodesFor } from '../nodes';
import { TronNode } from './node';
import {
  previewTronFee,
  simulateTronCall,
  tronPrices,
  type TronCall,
  type TronFeePreview,
} from './simulate';

/** A WalletConnection that can hand out its signing TronWeb (TronLink's or the dev wallet's). */
export interface TronWalletConnection extends WalletConnection {
  getTronWeb(): TronWebLike;
  /** Rejects when the wallet's node is not on `network`'s chain (checked before every send). */
  assertChain?(network: NetworkConfig): Promise<void>;
}

export function isTronWalletConnection(wallet: WalletConnection): wallet is TronWalletConnection {
  return typeof (wallet as Partial<TronWalletConnection>).getTronWeb === 'function';
}

/** What a TRON send resolves with: the txid plus the burned fee (sun) and the energy used. */
export interface TronTxResult extends TxResult {
  /** TRX burned for energy and bandwidth, in sun (0 when staked resources covered it). */
  fee: bigint;
  energyUsed: bigint;
  info: TronTxInfo;
}

export interface TronWriterOptions {
  /** Between gettransactioninfobyid polls (default 1000 ms; TRON makes a block every 3 s). */
  pollIntervalMs?: number;
  /** Give up waiting for the transaction info after this long (default 120 s). */
  confirmTimeoutMs?: number;
  /** The longest a send waits on its simulation before it is refused as unsimulated (default 4 s). */
  simulationWaitMs?: number;
}

/**
 * The longest a send waits on its simulation (and the chain's prices). A node that does not
 * answer would otherwise hold the send for the read timeout (10 s) times the network's nodes;
 * after this the send is refused (SimulationUnavailableError), as when the node cannot simulate.
 */
export const SIMULATION_WAIT_MS = 4_000;

/** The simulation did not answer within SIMULATION_WAIT_MS. */
class SimulationTimeout extends Error {
  constructor(ms: number) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for the logs: the send goes on
    super(`no simulation within ${ms} ms`);
    this.name = 'SimulationTimeout';
  }
}

/** `work`, or a SimulationTimeout after `ms` (the work itself is left to finish or fail alone). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SimulationTimeout(ms)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

interface SendOptions {
  /** The spec's fee limit of this kind of send: the most the simulated fee limit may be. */
  feeLimit: bigint;
  callValue?: bigint;
  /** What the send does (the words of a simulation that reverts). */
  action: SendAction;
  hooks?: SendHooks;
}

/** The logs of a transaction info, as core/receipt.ts reads them. */
const logsOf = (info: TronTxInfo): TxLog[] =>
  (info.log ?? []).map((l) => ({
    address: l.address ?? '',
    topics: l.topics ?? [],
    data: l.data ?? '',
  }));

const ZERO_HEX_ADDRESS = /^(41|0x)?0{40}$/i;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export { defaultDeadline };

export class TronWriter implements ChainWriter {
  private readonly pollIntervalMs: number;
  private readonly confirmTimeoutMs: number;
  private readonly simulationWaitMs: number;

  constructor(
    readonly network: NetworkConfig,
    readonly wallet: TronWalletConnection,
    options: TronWriterOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.confirmTimeoutMs = options.confirmTimeoutMs ?? 120_000;
    this.simulationWaitMs = options.simulationWaitMs ?? SIMULATION_WAIT_MS;
  }

  private get tronWeb(): TronWebLike {
    return this.wallet.getTronWeb();
  }

  /** Approve `spender` (an address, or ROUTER / LIQUIDITY_ROUTER names) for a token or pair; max by default. */
  approve(
    symbolOrAddress: string,
    spender: string,
    amount: bigint = MAX_APPROVAL,
  ): Promise<TronTxResult> {
    const token = addressOf(this.network, symbolOrAddress);
    return this.send(TOKEN_ABI, token, 'approve', [this.spenderAddress(spender), uint(amount)], {
      feeLimit: TRON_FEE_LIMIT_DEFAULT_SUN,
      action: 'approve',
    });
  }

  private spenderAddress(spender: string): string {
    const exchange = this.network.exchange as unknown as Record<string, string | number>;
    const named = exchange[spender];
    return typeof named === 'string' && named !== '' ? named : addressOf(this.network, spender);
  }

  swap(order: SwapOrder, hooks?: SendHooks): Promise<TronTxResult> {
    const call = this.swapCall(order);
    return this.send(ROUTER_ABI, call.address, call.name, call.args, {
      feeLimit: TRON_FEE_LIMIT_DEFAULT_SUN,
      callValue: call.callValue,
      action: 'swap',
      hooks,
    });
  }

  /**
   * What a swap would burn for this account now (its simulation, the account's free energy and
   * bandwidth, the chain's prices); rejects with a SimulationError when it would revert.
   */
  previewSwapFee(order: SwapOrder): Promise<TronFeePreview> {
    return previewTronFee(this.network, this.wallet.address, this.swapCall(order), 'swap');
  }

  /** The router call of a swap order (one of the six swaps by exact-in/out and base in/out). */
  swapCall(order: SwapOrder): TronCall {
    const { path } = order;
    if (path.length < 2) throw new ChainError('NO_PATH');
    const baseIn = isBaseSymbol(this.network, path[0] as string);
    const baseOut = isBaseSymbol(this.network, path[path.length - 1] as string);
    if (baseIn && baseOut) throw new ChainError('NO_PATH');
    const addresses = path.map((symbol) => addressOf(this.network, symbol));
    const taxes = taxesBytes32(this.network, path, order.taxes);
    const deadline = uint(order.deadline ?? defaultDeadline());
    const to = order.recipient;
    const amount = uint(order.amount);
    const bound = uint(order.bound);
    let name: string;
    let args: unknown[];
    let callValue = 0n;
    if (order.kind === 'exactIn') {
      if (baseIn) {
        name = 'swapExactBaseForTokens';
        args = [bound, addresses, taxes, to, deadline];
        callValue = order.amount;
      } else {
        name = baseOut ? 'swapExactTokensForBase' : 'swapExactTokensForTokens';
        args = [amount, bound, addresses, taxes, to, deadline];
      }
    } else if (baseIn) {
      // The router refunds what the swap did not need of the maximum sent.
      name = 'swapBaseForExactTokens';
      args = [amount, addresses, taxes, to, deadline];
      callValue = order.bound;
    } else {
      name = baseOut ? 'swapTokensForExactBase' : 'swapTokensForExactTokens';
      args = [amount, bound, addresses, taxes, to, deadline];
    }
    return {
      abi: ROUTER_ABI,
      address: this.network.exchange.ROUTER_ADDRESS,
      name,
      args,
      callValue,
    };
  }

  /** ROUTER when a token of the pair pays tax on liquidity (useNormalRouterForLiquidity), else LIQUIDITY_ROUTER. */
  liquidityRouter(symbolA: string, symbolB: string): { address: string; normal: boolean } {
    return liquidityRouterOf(this.network, symbolA, symbolB);
  }

  async addLiquidity(order: AddLiquidityOrder, hooks?: SendHooks): Promise<TronTxResult> {
    // Approvals come first, from services/approval (the user's mode), never from here.
    const call = this.addCall(order);
    return this.send(call.abi, call.address, call.name, call.args, {
      feeLimit: TRON_FEE_LIMIT_LIQUIDITY_SUN,
      callValue: call.callValue,
      action: 'add',
      hooks,
    });
  }

  /** The router call of an add: addLiquidityBase with the TRX as call value, else addLiquidity. */
  addCall(order: AddLiquidityOrder): TronCall {
    const { symbolA, symbolB } = order;
    const router = this.liquidityRouter(symbolA, symbolB);
    const abi = router.normal ? ROUTER_ABI : LIQUIDITY_ROUTER_ABI;
    const baseA = isBaseSymbol(this.network, symbolA);
    const baseB = isBaseSymbol(this.network, symbolB);
    if (baseA && baseB) throw new ChainError('NO_PATH');
    const deadline = uint(order.deadline ?? defaultDeadline());
    if (baseA || baseB) {
      const [token, amountToken, minToken, amountBase, minBase] = baseA
        ? [symbolB, order.amountB, order.minB, order.amountA, order.minA]
        : [symbolA, order.amountA, order.minA, order.amountB, order.minB];
      return {
        abi,
        address: router.address,
        name: 'addLiquidityBase',
        args: [
          addressOf(this.network, token),
          uint(amountToken),
          uint(minToken),
          uint(minBase),
          order.recipient,
          deadline,
        ],
        callValue: amountBase,
      };
    }
    return {
      abi,
      address: router.address,
      name: 'addLiquidity',
      args: [
        addressOf(this.network, symbolA),
        addressOf(this.network, symbolB),
        uint(order.amountA),
        uint(order.amountB),
        uint(order.minA),
        uint(order.minB),
        order.recipient,
        deadline,
      ],
    };
  }

  /**
   * What the exact call of a swap, add or removal would do now: the router's return
   * values and the sun it would burn for this account. Nothing is signed.
   */
  async preview(request: PreviewOrder): Promise<SendPreview> {
    const call =
      request.action === 'swap'
        ? this.swapCall(request.order)
        : request.action === 'add'
          ? this.addCall(request.order)
          : await this.removeCall(request.order);
    const p = await previewTronFee(this.network, this.wallet.address, call, request.action);
    return { fn: call.name, outputs: p.outputs, fee: p.feeSun, freeEnergy: p.freeEnergy };
  }

  /** The pair (liquidity token) of two symbols, from the factory; undefined when it does not exist. */
  async pairAddress(symbolA: string, symbolB: string): Promise<string | undefined> {
    const factory = contractAt(this.tronWeb, FACTORY_ABI, this.network.exchange.FACTORY_ADDRESS);
    const pair = String(
      await method(
        factory,
        'getPair',
        addressOf(this.network, symbolA),
        addressOf(this.network, symbolB),
      ).call(),
    );
    return ZERO_HEX_ADDRESS.test(pair) ? undefined : toBase58(pair);
  }

  async removeLiquidity(order: RemoveLiquidityOrder, hooks?: SendHooks): Promise<TronTxResult> {
    const call = await this.removeCall(order);
    return this.send(call.abi, call.address, call.name, call.args, {
      feeLimit: TRON_FEE_LIMIT_LIQUIDITY_SUN,
      action: 'remove',
      hooks,
    });
  }

  /** The router call of a removal (the fee-on-transfer forms on the normal router). */
  async removeCall(order: RemoveLiquidityOrder): Promise<TronCall> {
    const { symbolA, symbolB } = order;
    const router = this.liquidityRouter(symbolA, symbolB);
    const abi = router.normal ? ROUTER_ABI : LIQUIDITY_ROUTER_ABI;
    let pair: string | undefined;
    try {
      pair = await this.pairAddress(symbolA, symbolB);
    } catch (error) {
      throw toSendError(error);
    }
    if (!pair) throw new ChainError('NO_PATH');
    const deadline = uint(order.deadline ?? defaultDeadline());
    const baseA = isBaseSymbol(this.network, symbolA);
    const baseB = isBaseSymbol(this.network, symbolB);
    if (baseA || baseB) {
      const [token, minToken, minBase] = baseA
        ? [symbolB, order.minB, order.minA]
        : [symbolA, order.minA, order.minB];
      const name = router.normal
        ? 'removeLiquidityBaseSupportingFeeOnTransferTokens'
        : 'removeLiquidityBase';
      return {
        abi,
        address: router.address,
        name,
        args: [
          addressOf(this.network, token),
          uint(order.lpTokens),
          uint(minToken),
          uint(minBase),
          order.recipient,
          deadline,
        ],
      };
    }
    const name = router.normal ? 'removeLiquiditySupportingFeeOnTransferTokens' : 'removeLiquidity';
    return {
      abi,
      address: router.address,
      name,
      args: [
        addressOf(this.network, symbolA),
        addressOf(this.network, symbolB),
        uint(order.lpTokens),
        uint(order.minA),
        uint(order.minB),
        order.recipient,
        deadline,
      ],
    };
  }

  createPair(symbolA: string, symbolB: string): Promise<TronTxResult> {
    return this.send(
      FACTORY_ABI,
      this.network.exchange.FACTORY_ADDRESS,
      'createPair',
      [addressOf(this.network, symbolA), addressOf(this.network, symbolB)],
      { feeLimit: TRON_FEE_LIMIT_CREATE_PAIR_SUN, action: 'createPair' },
    );
  }

  /**
   * The fee limit of a call: its simulation (from the user's address, latest block; a revert
   * throws a SimulationError and nothing is signed) gives energy_used; +20% at the chain's
   * energy price, capped by the spec's fee limit (`options.feeLimit`). When the node cannot
   * simulate at all (unreachable) or not within SIMULATION_WAIT_MS, the send is not made (as on
   * EVM): a SimulationUnavailableError says why, and the user retries.
   */
  async feeLimitFor(call: TronCall, options: SendOptions): Promise<bigint> {
    const node = new TronNode(nodesFor(this.network).pool);
    try {
      const [sim, prices] = await within(
        Promise.all([
          simulateTronCall(this.network, this.wallet.address, call, options.action, node),
          tronPrices(node),
        ]),
        this.simulationWaitMs,
      );
      return feeLimitFromEnergy(sim.energyUsed, prices.energyPrice, options.feeLimit);
    } catch (error) {
      if (error instanceof SimulationError) {
        console.error(`TRON ${call.name} not sent: its simulation reverted:`, error.reason ?? '');
        throw error;
      }
      console.error(`TRON ${call.name} not sent: it could not be simulated`, error);
      throw new SimulationUnavailableError(options.action, error);
    }
  }

  /** Simulate (fee limit), sign and broadcast one contract call, then wait for its result. */
  async send(
    abi: readonly unknown[],
    address: string,
    name: string,
    args: unknown[],
    options: SendOptions,
  ): Promise<TronTxResult> {
    assertSendingAccount(this.wallet.address);
    if (this.wallet.assertChain) await this.wallet.assertChain(this.network);
    const tronWeb = this.tronWeb;
    const feeLimit = await this.feeLimitFor(
      { abi, address, name, args, callValue: options.callValue },
      options,
    );
    let txid: string;
    try {
      // TronLink signs as the account it shows now; the action's arguments name the one it began
      // with: nothing is asked if they differ.
      walletAsked(this.wallet.address);
      const sent = await method(contractAt(tronWeb, abi, address), name, ...args).send({
        feeLimit: sunToNumber(feeLimit),
        callValue: sunToNumber(options.callValue ?? 0n),
      });
      txid = String(sent);
    } catch (error) {
      const mapped = toSendError(error);
      console.error(`TRON ${name} not sent:`, mapped.message, mapped.detail ?? '');
      throw mapped;
    }
    // The widget host approved without an id: nothing to wait on.
    if (txid === APPROVED_BY_HOST) return { txid, fee: 0n, energyUsed: 0n, info: {} };
    transactionSubmitted(txid);
    options.hooks?.onSent?.(txid);
    const info = await this.waitForInfo(tronWeb, txid);
    const result = info.receipt?.result;
    if (result !== 'SUCCESS' || info.result === 'FAILED') {
      const revert = decodeRevertReason(info.contractResult?.[0]);
      const reason = revert ?? hexToText(info.resMessage);
      const detail = result ?? info.result ?? 'FAILED';
      console.error(`TRON ${name} failed: ${detail}`, txid, reason ?? '');
      // Mined and failed: what it burned and why (the revert reason, else java-tron's code).
      throw withMinedFailure(transactionFailed(detail, { txid, reason }), {
        txid,
        fee: BigInt(info.fee ?? 0),
        reason: reason ?? detail,
        // In words: the contract's require message, else java-tron's code (OUT_OF_ENERGY...).
        text: minedFailureText(options.action, revert ?? detail),
      });
    }
    return {
      txid,
      fee: BigInt(info.fee ?? 0),
      energyUsed: BigInt(info.receipt?.energy_usage_total ?? 0),
      info,
      logs: logsOf(info),
    };
  }

  /** Poll gettransactioninfobyid until the transaction is in a block ({} means not yet). */
  async waitForInfo(tronWeb: TronWebLike, txid: string): Promise<TronTxInfo> {
    const started = Date.now();
    for (;;) {
      try {
        const info = (await tronWeb.trx.getUnconfirmedTransactionInfo(txid)) as TronTxInfo;
        if (info && Object.keys(info).length > 0) return info;
      } catch (error) {
        console.warn('TRON: transaction info not available yet', txid, error);
      }
      if (Date.now() - started > this.confirmTimeoutMs) {
        throw transactionFailed('NOT_CONFIRMED', { txid });
      }
      await sleep(this.pollIntervalMs);
    }
  }
}

function hexToText(hex: string | undefined): string | undefined {
  if (!hex || !/^([0-9a-f]{2})+$/i.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return new TextDecoder().decode(bytes);
}

export function createTronWriter(
  network: NetworkConfig,
  wallet: WalletConnection,
  options?: TronWriterOptions,
): TronWriter {
  if (!isTronWalletConnection(wallet)) {
    throw new ChainError('WALLET_NOT_CONNECTED', 'Not a TRON wallet connection');
  }
  return new TronWriter(network, wallet, options);
}
