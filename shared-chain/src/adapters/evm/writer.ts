import { Interface } from 'ethers';
import type { NetworkConfig } from '../../config/types';
import { defaultDeadline } from '../../core/constants';
import { liquidityRouterOf } from '../../core/routers';
import { ChainError } from '../../core/errors';
import { assertSendingAccount, transactionSubmitted, walletAsked } from '../../bus/pending';
import { showToast } from '../../bus/events';
import {
  minedFailure,
  rawRevert,
  replacedText,
  replacementKind,
  sentMatchesBuilt,
  isNodeUnavailable,
  SimulationError,
  SimulationUnavailableError,
  WALLET_CHANGED_TX,
  type SendAction,
  type SentTx,
} from '../../core/simulation';
import type { TxLog } from '../../core/receipt';
import { APPROVED_BY_HOST } from '../widget/relay';
import { FACTORY_ABI, LIQUIDITY_ROUTER_ABI, ROUTER_ABI, TOKEN_ABI } from '../abis.generated';
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
import {
  addressOf,
  gasLimitFor,
  isBaseSymbol,
  taxesFor,
  toChainError,
  tokenOf,
  wrongNetworkMessage,
} from './helpers';
import { providerFor, type CountingProvider } from './provider';
import { isRevert, revertDataOf } from './revert';
import { isEvmConnection, type EvmTxRequest, type EvmWalletConnection } from './connection';
import { rpcFor } from './rpc';
import { sentTxProblem, type NodeTx } from './sentTx';

const routerInterface = new Interface(ROUTER_ABI);
const liquidityRouterInterface = new Interface(LIQUIDITY_ROUTER_ABI);
const factoryInterface = new Interface(FACTORY_ABI);
const tokenInterface = new Interface(TOKEN_ABI);

export { defaultDeadline };

interface Receipt {
  status: string;
  gasUsed: string;
  effectiveGasPrice?: string;
  blockNumber?: string;
  logs?: TxLog[];
}

/** What a mined transaction cost: gas used x the price it paid (undefined if the node said neither). */
function feeOf(receipt: Receipt, fallbackPrice?: bigint): bigint | undefined {
  const price =
    receipt.effectiveGasPrice !== undefined ? BigInt(receipt.effectiveGasPrice) : fallbackPrice;
  return price === undefined ? undefined : BigInt(receipt.gasUsed) * price;
}

/** How often a send waiting on its receipt looks whether its nonce was taken by another transaction. */
export const REPLACEMENT_CHECK_MS = 2_000;
/** Blocks looked through for a replacement (newest first): about 10 minutes of BSC blocks. */
const MAX_SCANNED_BLOCKS = 200n;

/** A router call as built for a send: the transaction and the function it calls. */
interface BuiltCall {
  tx: EvmTxRequest;
  fn: string;
  iface: Interface;
}

/** Return values (an ethers Result, nested for amounts[]) as one list of bigint. */
const flatten = (value: unknown): bigint[] =>
  Array.isArray(value) ? value.flatMap(flatten) : [BigInt(value as bigint)];

/** Sends through the connected wallet, only while it is on the network's chain. */
export class EvmWriter implements ChainWriter {
  private readonly provider: CountingProvider;
  private readonly wallet: EvmWalletConnection;

  constructor(
    readonly network: NetworkConfig,
    wallet: WalletConnection,
    private readonly receiptTimeoutMs = 600_000,
  ) {
    if (!isEvmConnection(wallet)) throw new ChainError('WALLET_NOT_CONNECTED', 'Not an EVM wallet');
    this.wallet = wallet;
    this.provider = providerFor(network);
  }

  /**
   * Reads the wallet's chain id right before a send; on another chain asks the wallet to
   * switch, and refuses (nothing sent) unless it is then on the network's chain.
   */
  async ensureChain(): Promise<void> {
    const expected = this.network.chainId;
    if ((await this.wallet.chainId()) === expected) return;
    try {
      await this.wallet.switchChain(this.network);
    } catch (error) {
      const e = toChainError(error);
      if (e.code === '4001')
        throw new ChainError('WRONG_NETWORK', wrongNetworkMessage(this.network));
      console.error(
        `[shared-chain] ${this.network.id}: switching the wallet's chain failed`,
        error,
      );
    }
    if ((await this.wallet.chainId()) !== expected) {
      throw new ChainError('WRONG_NETWORK', wrongNetworkMessage(this.network));
    }
  }

  private gasPrice(): bigint | undefined {
    return this.network.gasPrice ? BigInt(this.network.gasPrice) : undefined;
  }

  /**
   * The exact transaction, simulated from the user's address against the latest block
   * (eth_call, then eth_estimateGas): a revert throws a SimulationError and nothing reaches the
   * wallet. Resolves with the gas estimate.
   */
  async simulate(tx: EvmTxRequest, action: SendAction): Promise<bigint> {
    return (await this.simulateCall(tx, action)).gas;
  }

  /** eth_call then eth_estimateGas of `tx` from the user: its return data and gas. */
  private async simulateCall(
    tx: EvmTxRequest,
    action: SendAction,
  ): Promise<{ result: string; gas: bigint }> {
    const from = tx.from ?? this.wallet.address;
    const call = { from, to: tx.to, data: tx.data, value: tx.value ?? 0n };
    try {
      const result = await this.provider.call({ ...call, blockTag: 'latest' });
      return { result, gas: await this.provider.estimateGas(call) };
    } catch (error) {
      if (isRevert(error)) {
        const e = error as { reason?: unknown };
        const reason =
          rawRevert(revertDataOf(error)) ?? (typeof e.reason === 'string' ? e.reason : undefined);
        throw new SimulationError(action, reason);
      }
      // No node answered: not sent unsimulated.
      if (isNodeUnavailable(error)) throw new SimulationUnavailableError(action, error);
      throw toChainError(error);
    }
  }

  /**
   * What the exact transaction of a swap, add or removal would do now: the router's
   * return values and the gas estimate x gas price. Nothing is sent, the wallet is not asked.
   */
  async preview(request: PreviewOrder): Promise<SendPreview> {
    const built =
      request.action === 'swap'
        ? this.swapTx(request.order)
        : request.action === 'add'
          ? this.addTx(request.order)
          : this.removeTx(request.order);
    const [{ result, gas }, price] = await Promise.all([
      this.simulateCall(built.tx, request.action),
      this.gasPrice() ?? this.provider.send('eth_gasPrice', []).then((p: string) => BigInt(p)),
    ]);
    return {
      fn: built.fn,
      outputs: flatten([...built.iface.decodeFunctionResult(built.fn, result)]),
      fee: gas * price,
    };
  }

  /**
   * Simulates, sends via the wallet (estimate + 20% + 10k gas), tells `hooks.onSent` the hash,
   * checks what was sent, waits for the receipt: resolves with its fee and logs.
   */
  private async send(
    built: EvmTxRequest,
    action: SendAction,
    hooks?: SendHooks,
  ): Promise<TxResult> {
    // The account now is the one this send is built, simulated, sent and followed for: the user
    // may pick another account in the wallet while it asks.
    const from = this.wallet.address;
    assertSendingAccount(from);
    const tx = { ...built, from };
    await this.ensureChain();
    const estimate = await this.simulate(tx, action);
    let hash: string;
    let headBefore: Promise<bigint | undefined> | undefined;
    let nonceBefore: bigint | undefined;
    try {
      const gasPrice = this.gasPrice();
      // The head before the wallet is asked: a replacement mined before the wallet's answer is
      // read back (a Speed up from another tab, a fast cancel) is still looked for from there.
      headBefore = this.head();
      // Read before the wallet is asked, since the count moves once the send is in the node's
      // pool: the nonce to watch when the node no longer has the send to read it from (replaced
      // before it was read back).
      nonceBefore = await this.nextNonce(from);
      walletAsked(from);
      hash = await this.wallet.sendTransaction({
        ...tx,
        chainId: this.network.chainId,
        gasLimit: gasLimitFor(estimate),
        ...(gasPrice !== undefined ? { gasPrice } : {}),
      });
    } catch (error) {
      throw toChainError(error);
    }
    if (hash === APPROVED_BY_HOST) return { txid: hash }; // the widget host approved: no id to wait on
    // The popup opens at the hash ("Confirming…"); Recent transactions records it once checked.
    hooks?.onSent?.(hash);
    // The wallet signs and broadcasts in one step (eth_sendTransaction): what it sent can only be
    // checked once sent, and is, before the hash is recorded as this send's.
    const gas = gasLimitFor(estimate);
    // From the head before the wallet was asked: a replacement mined while the sent transaction
    // is checked is looked for from there.
    const watch = this.watchFrom(hash, tx, headBefore);
    const { same, nonce } = await this.checkSent(hash, tx);
    transactionSubmitted(
      hash,
      same === false
        ? undefined
        : {
            from,
            chainId: this.network.chainId,
            to: tx.to,
            data: tx.data,
            value: String(tx.value ?? 0n),
            gas: String(gas),
            ...(nonce !== undefined ? { nonce } : {}),
          },
    );
    const watched = await watch;
    const read = watched.nonce ?? (nonce !== undefined ? BigInt(nonce) : undefined);
    // A Speed up mined in its place: the send succeeded under the replacement's hash.
    const mined = await this.waitForOutcome(hash, tx, action, {
      startBlock: watched.startBlock,
      ...(read !== undefined ? { nonce: read } : { nonce: nonceBefore, nonceGuessed: true }),
    });
    return { txid: mined.hash, fee: feeOf(mined.receipt), logs: mined.receipt.logs ?? [] };
  }

  /**
   * The account's next nonce as the node counts it, pending sends included (undefined when the
   * node does not say): the wallet's nonce for the next send, unless another of its sends is
   * unknown to this node.
   */
  private async nextNonce(from: string): Promise<bigint | undefined> {
    try {
      const count = await this.provider.send('eth_getTransactionCount', [from, 'pending']);
      return BigInt(count as string);
    } catch {
      return undefined;
    }
  }

  /** The chain's head now (undefined when the node does not say). */
  private head(): Promise<bigint | undefined> {
    // Through a promise from the start: a provider that throws at once costs only this figure.
    return Promise.resolve()
      .then(() => this.provider.send('eth_blockNumber', []))
      .then((b: string) => BigInt(b))
      .catch(() => undefined);
  }

  /** The block the wait starts from and the send's nonce (built, or as the node has it). */
  private async watchFrom(
    hash: string,
    built: EvmTxRequest,
    headBefore?: Promise<bigint | undefined>,
  ): Promise<{ nonce?: bigint; startBlock?: bigint; nonceGuessed?: boolean }> {
    const [sent, startBlock] = await Promise.all([
      this.provider.send('eth_getTransactionByHash', [hash]).catch(() => null) as Promise<{
        nonce?: string;
      } | null>,
      headBefore ?? this.head(),
    ]);
    const nonce =
      built.nonce !== undefined
        ? BigInt(built.nonce)
        : sent?.nonce !== undefined
          ? BigInt(sent.nonce)
          : undefined;
    return { nonce, startBlock };
  }

  /**
   * Reads the sent transaction back by hash (an answer whose contents do not hash to it is
   * refused: the next node is asked): another sender, chain, `to`, `data` or `value` than built
   * means the wallet changed it (checklist item 22): a warning, logged. Resolves with whether
   * it matched (undefined: not seen within 5 s) and the nonce the wallet gave it.
   */
  async checkSent(
    hash: string,
    built: EvmTxRequest,
  ): Promise<{ same: boolean | undefined; nonce?: number }> {
    const rpc = rpcFor(this.network);
    const accept = (answer: unknown) =>
      answer === null ? undefined : sentTxProblem(answer as NodeTx, hash, undefined);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      let sent: (SentTx & NodeTx) | null = null;
      try {
        sent = await rpc.send<(SentTx & NodeTx) | null>('eth_getTransactionByHash', [hash], {
          accept,
        });
      } catch {
        sent = null;
      }
      if (sent) {
        const same = sentMatchesBuilt(built, sent, {
          from: built.from ?? this.wallet.address,
          chainId: this.network.chainId,
        });
        if (!same) {
          console.error(`[shared-chain] ${this.network.id}: the wallet changed ${hash}`, {
            built,
            sent,
          });
          showToast('error', WALLET_CHANGED_TX);
        }
        return { same, nonce: sent.nonce !== undefined ? Number(BigInt(sent.nonce)) : undefined };
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return { same: undefined };
  }

  private async receiptOf(hash: string): Promise<Receipt | null> {
    try {
      return (await this.provider.send('eth_getTransactionReceipt', [hash])) as Receipt | null;
    } catch {
      return null; // a node hiccup while waiting: keep polling
    }
  }

  async waitForReceipt(hash: string, built?: EvmTxRequest, action?: SendAction): Promise<Receipt> {
    const deadline = Date.now() + this.receiptTimeoutMs;
    for (let delay = 25; ; delay = Math.min(delay * 2, 1000)) {
      const receipt = await this.receiptOf(hash);
      if (receipt) {
        if (BigInt(receipt.status) !== 1n) throw await this.failed(hash, receipt, built, action);
        return receipt;
      }
      if (Date.now() > deadline)
        throw new ChainError('TRANSACTION_FAILED', `No receipt for ${hash}`);
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  /**
   * The error of a mined transaction that failed: its fee (gas used x price) and why, by the
   * same call replayed on the block it was mined in (its state and time: an expired deadline or
   * a price moved by a transaction before it in that block revert the same way).
   */
  private async failed(
    hash: string,
    receipt: Receipt,
    built: EvmTxRequest | undefined,
    action: SendAction = 'swap',
  ): Promise<ChainError> {
    let reason: string | undefined;
    if (built && receipt.blockNumber !== undefined) {
      try {
        await this.provider.call({
          from: built.from ?? this.wallet.address,
          to: built.to,
          data: built.data,
          value: built.value ?? 0n,
          blockTag: BigInt(receipt.blockNumber),
        });
      } catch (error) {
        if (isRevert(error)) {
          const e = error as { reason?: unknown };
          reason =
            rawRevert(revertDataOf(error)) ?? (typeof e.reason === 'string' ? e.reason : undefined);
        }
      }
    }
    console.error(`[shared-chain] ${this.network.id}: ${hash} failed on chain`, reason ?? '');
    return minedFailure(action, { txid: hash, fee: feeOf(receipt), reason });
  }

  /**
   * Waits for `hash`'s receipt, or for the transaction that took its nonce (Speed up or Cancel
   * from Recent transactions, or the wallet's own): resolves with the hash that was mined and
   * its receipt when it is the same call (a Speed up); a cancel or another transaction rejects
   * with TRANSACTION_CANCELLED (nothing of this send happened), a failed receipt with
   * TRANSACTION_FAILED and the txid, fee and reason (minedFailureOf). The nonce is looked at
   * every REPLACEMENT_CHECK_MS while waiting.
   */
  async waitForOutcome(
    hash: string,
    built: EvmTxRequest,
    action: SendAction,
    /**
     * Where to look for a replacement from (default: read now). `nonceGuessed`: the nonce is
     * the account's count before the send, not read from the send itself.
     */
    known?: { nonce?: bigint; startBlock?: bigint; nonceGuessed?: boolean },
  ): Promise<{ hash: string; receipt: Receipt }> {
    const deadline = Date.now() + this.receiptTimeoutMs;
    const from = built.from ?? this.wallet.address;
    const { nonce, startBlock, nonceGuessed } = known ?? (await this.watchFrom(hash, built));
    let checkedAt = Date.now();
    for (let delay = 25; ; delay = Math.min(delay * 2, 1000)) {
      const receipt = await this.receiptOf(hash);
      if (receipt) {
        if (BigInt(receipt.status) !== 1n) throw await this.failed(hash, receipt, built, action);
        return { hash, receipt };
      }
      if (
        nonce !== undefined &&
        startBlock !== undefined &&
        Date.now() - checkedAt >= REPLACEMENT_CHECK_MS
      ) {
        checkedAt = Date.now();
        const replacement = await this.replacementOf(hash, from, nonce, startBlock);
        const kind = replacement && replacementKind(built, from, replacement);
        // At a guessed nonce, only the shapes a wallet's Speed up and Cancel take are this
        // send's: another transaction there may be another tab's, sent before this one.
        if (replacement && kind && !(nonceGuessed && kind === 'replaced')) {
          const mined = await this.waitForReceipt(
            replacement.hash,
            kind === 'repriced' ? built : undefined,
            action,
          );
          if (kind === 'repriced') return { hash: replacement.hash, receipt: mined };
          console.warn(
            `[shared-chain] ${this.network.id}: ${hash} was ${kind} by ${replacement.hash}`,
            mined.status,
          );
          throw new ChainError('TRANSACTION_CANCELLED', replacedText(action, kind));
        }
      }
      if (Date.now() > deadline)
        throw new ChainError('TRANSACTION_FAILED', `No receipt for ${hash}`);
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  /**
   * The mined transaction of `from` with `nonce` when it is not `hash` (the account's mined
   * nonce passed it and `hash` has no receipt): looked for in the blocks since the send.
   */
  private async replacementOf(
    hash: string,
    from: string,
    nonce: bigint,
    startBlock: bigint,
  ): Promise<(SentTx & { hash: string; to?: string | null }) | undefined> {
    try {
      const count = BigInt(
        (await this.provider.send('eth_getTransactionCount', [from, 'latest'])) as string,
      );
      if (count <= nonce || (await this.receiptOf(hash))) return undefined;
      const latest = BigInt((await this.provider.send('eth_blockNumber', [])) as string);
      for (let n = latest; n >= startBlock && latest - n < MAX_SCANNED_BLOCKS; n -= 1n) {
        const block = (await this.provider.send('eth_getBlockByNumber', [
          `0x${n.toString(16)}`,
          true,
        ])) as {
          transactions?: (SentTx & { hash: string; from?: string; nonce?: string })[];
        } | null;
        const found = block?.transactions?.find(
          (t) =>
            (t.from ?? '').toLowerCase() === from.toLowerCase() &&
            t.nonce !== undefined &&
            BigInt(t.nonce) === nonce,
        );
        if (found) return found.hash.toLowerCase() === hash.toLowerCase() ? undefined : found;
      }
    } catch (error) {
      console.warn(`[shared-chain] ${this.network.id}: looking for a replacement failed`, error);
    }
    return undefined;
  }

  async approve(symbolOrAddress: string, spender: string, amount: bigint): Promise<TxResult> {
    return this.send(
      {
        to: addressOf(this.network, symbolOrAddress),
        data: tokenInterface.encodeFunctionData('approve', [spender, amount]),
      },
      'approve',
    );
  }

  async swap(order: SwapOrder, hooks?: SendHooks): Promise<TxResult> {
    return this.send(this.swapTx(order).tx, 'swap', hooks);
  }

  /** The router call of a swap order (one of the six swaps by exact-in/out and base in/out). */
  swapTx(order: SwapOrder): BuiltCall {
    const { path } = order;
    if (path.length < 2) throw new ChainError('NO_PATH');
    const from = path[0] as string;
    const to = path[path.length - 1] as string;
    const addresses = path.map((s) => addressOf(this.network, s));
    const taxes = taxesFor(this.network, path, order.taxes);
    const deadline = order.deadline ?? defaultDeadline();
    const baseIn = isBaseSymbol(this.network, from);
    const baseOut = isBaseSymbol(this.network, to);
    const tail = [addresses, taxes, order.recipient, deadline];
    let fn: string;
    let args: unknown[];
    let value: bigint | undefined;
    if (order.kind === 'exactIn') {
      if (baseIn) {
        fn = 'swapExactBaseForTokens';
        args = [order.bound, ...tail];
        value = order.amount;
      } else {
        fn = baseOut ? 'swapExactTokensForBase' : 'swapExactTokensForTokens';
        args = [order.amount, order.bound, ...tail];
      }
    } else if (baseIn) {
      // Pays at most `bound`; the router refunds the rest.
      fn = 'swapBaseForExactTokens';
      args = [order.amount, ...tail];
      value = order.bound;
    } else {
      fn = baseOut ? 'swapTokensForExactBase' : 'swapTokensForExactTokens';
      args = [order.amount, order.bound, ...tail];
    }
    const data = routerInterface.encodeFunctionData(fn, args);
    return {
      tx: { to: this.network.exchange.ROUTER_ADDRESS, data, value },
      fn,
      iface: routerInterface,
    };
  }

  /** Which router a liquidity order goes through (LIQUIDITY_ROUTER unless a token needs the normal one). */
  private liquidityCall(order: AddLiquidityOrder | RemoveLiquidityOrder) {
    const { network } = this;
    const { address, normal } = liquidityRouterOf(network, order.symbolA, order.symbolB);
    return {
      network,
      normal,
      router: address,
      iface: normal ? routerInterface : liquidityRouterInterface,
      deadline: order.deadline ?? defaultDeadline(),
      baseA: isBaseSymbol(network, order.symbolA),
      baseB: isBaseSymbol(network, order.symbolB),
    };
  }

  async addLiquidity(order: AddLiquidityOrder, hooks?: SendHooks): Promise<TxResult> {
    return this.send(this.addTx(order).tx, 'add', hooks);
  }

  /** The router call of an add: addLiquidityBase with the base coin as value, else addLiquidity. */
  addTx(order: AddLiquidityOrder): BuiltCall {
    const { network, router, iface, deadline, baseA, baseB } = this.liquidityCall(order);
    if (baseA || baseB) {
      const token = baseA ? order.symbolB : order.symbolA;
      const [amountToken, amountBase] = baseA
        ? [order.amountB, order.amountA]
        : [order.amountA, order.amountB];
      const [minToken, minBase] = baseA ? [order.minB, order.minA] : [order.minA, order.minB];
      const fn = 'addLiquidityBase';
      const data = iface.encodeFunctionData(fn, [
        addressOf(network, token),
        amountToken,
        minToken,
        minBase,
        order.recipient,
        deadline,
      ]);
      return { tx: { to: router, data, value: amountBase }, fn, iface };
    }
    const fn = 'addLiquidity';
    const data = iface.encodeFunctionData(fn, [
      addressOf(network, order.symbolA),
      addressOf(network, order.symbolB),
      order.amountA,
      order.amountB,
      order.minA,
      order.minB,
      order.recipient,
      deadline,
    ]);
    return { tx: { to: router, data }, fn, iface };
  }

  async removeLiquidity(order: RemoveLiquidityOrder, hooks?: SendHooks): Promise<TxResult> {
    return this.send(this.removeTx(order).tx, 'remove', hooks);
  }

  /** The router call of a removal (the fee-on-transfer forms on the normal router). */
  removeTx(order: RemoveLiquidityOrder): BuiltCall {
    const { network, normal, router, iface, deadline, baseA, baseB } = this.liquidityCall(order);
    if (baseA || baseB) {
      const token = baseA ? order.symbolB : order.symbolA;
      const [minToken, minBase] = baseA ? [order.minB, order.minA] : [order.minA, order.minB];
      const fn = normal
        ? 'removeLiquidityBaseSupportingFeeOnTransferTokens'
        : 'removeLiquidityBase';
      const data = iface.encodeFunctionData(fn, [
        addressOf(network, token),
        order.lpTokens,
        minToken,
        minBase,
        order.recipient,
        deadline,
      ]);
      return { tx: { to: router, data }, fn, iface };
    }
    const fn = normal ? 'removeLiquiditySupportingFeeOnTransferTokens' : 'removeLiquidity';
    const data = iface.encodeFunctionData(fn, [
      addressOf(network, order.symbolA),
      addressOf(network, order.symbolB),
      order.lpTokens,
      order.minA,
      order.minB,
      order.recipient,
      deadline,
    ]);
    return { tx: { to: router, data }, fn, iface };
  }

  async createPair(symbolA: string, symbolB: string): Promise<TxResult> {
    tokenOf(this.network, symbolA);
    tokenOf(this.network, symbolB);
    return this.send(
      {
        to: this.network.exchange.FACTORY_ADDRESS,
        data: factoryInterface.encodeFunctionData('createPair', [
          addressOf(this.network, symbolA),
          addressOf(this.network, symbolB),
        ]),
      },
      'createPair',
    );
  }
}
