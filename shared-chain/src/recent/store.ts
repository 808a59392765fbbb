/**
 * Recent transactions, the stateful part: the lists per account and network (localStorage,
 * validated on load), the recording of every send (one wrapper around the writer), the chain
 * checks that keep pending ones live (also after a reload, holding the account's one pending
 * send meanwhile), and "Speed up" / "Cancel" of a stuck EVM transaction.
 *
 * Loaded on demand (loadRecentTransactions in ./load.ts): the first load of a page carries none
 * of it.
 */
import { BehaviorSubject, type Subscription } from 'rxjs';
import { t } from '@lingui/core/macro';
import type { NetworkConfig, NetworkId } from '../config/types';
import type {
  ChainWriter,
  SendHooks,
  SentRecord,
  TxResult,
  WalletConnection,
} from '../adapters/types';
import { ChainError, minedFailureOf } from '../core/errors';
import { addMoved, removeMoved, swapMoved } from '../services/moved';
// What has state comes through the singleton's package name: a relative import from this lazy
// chunk would keep those modules out of the first-load chunk's concatenation (0.4 KiB).
import {
  activeWallet,
  pendingTransactionOf,
  pendingTransactions$,
  session$,
  transactionSubmitted,
  withPendingTransaction,
} from '../singleton';
import { wrongNetworkMessage } from '../adapters/evm/helpers';
import { rpcFor } from '../adapters/evm/rpc';
import { nodesFor } from '../adapters/nodes';
import { TronNode } from '../adapters/tron/node';
import {
  addTransaction,
  CANCEL_GAS_LIMIT,
  followReplacements,
  isFinal,
  mergeLists,
  nextStatus,
  parseStored,
  replacementGasPrice,
  serialize,
  storageKey,
  updateTransaction,
  type Observation,
  type RecentKind,
  type RecentTransaction,
} from './model';
import { noteLanded } from '../api/noteLanded';
import {
  describeAdd,
  describeApprove,
  describeFailure,
  describeLpReceived,
  describeReceived,
  describeRemove,
  describeSwap,
  type Described,
} from './describe';

/** A send whose landing changes the api's figures (trades, prices, volumes, reserves). */
const movesPools = (kind: RecentKind): boolean =>
  kind === 'Swap' || kind === 'Add liquidity' || kind === 'Remove liquidity';

/** How often pending transactions are looked up on the chain. */
export const RECENT_POLL_MS = 3_000;

interface ListRef {
  network: NetworkConfig;
  account: string;
}

const lists$ = new BehaviorSubject<ReadonlyMap<string, RecentTransaction[]>>(new Map());
const refs = new Map<string, ListRef>();
/** Hashes recorded by this page (their send path holds the pending state itself). */
const recordedHere = new Set<string>();
/** Hashes whose pending state this page took back after a reload. */
const resumed = new Set<string>();
const settledWaiters = new Map<string, () => void>();

const storage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** The list of an account on a network (read from storage once, corrupt storage discarded). */
export function listOf(network: NetworkConfig, account: string): RecentTransaction[] {
  const key = storageKey(network.id, account);
  const known = lists$.getValue().get(key);
  if (known) return known;
  refs.set(key, { network, account });
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(key) ?? null;
  } catch {
    raw = null;
  }
  const { items, corrupt } = parseStored(raw);
  if (corrupt) {
    console.warn(`[shared-chain] recent transactions in ${key} were not readable; discarded`);
    try {
      storage()?.removeItem(key);
    } catch {
      // storage refused: the list simply starts empty
    }
  }
  const next = new Map(lists$.getValue());
  next.set(key, items);
  lists$.next(next);
  return items;
}

/** Shows a list (every page's screens follow lists$) and follows what is pending in it. */
function publish(key: string, items: RecentTransaction[]): void {
  const next = new Map(lists$.getValue());
  next.set(key, items);
  lists$.next(next);
  if (items.some((t) => t.status === 'pending')) schedulePoll();
  for (const t of items) {
    if (isFinal(t.status)) settledWaiters.get(t.hash.toLowerCase())?.();
  }
}

/** What storage holds for a list now (another tab may have written since this page read it). */
function storedNow(key: string): RecentTransaction[] {
  try {
    return parseStored(storage()?.getItem(key) ?? null).items;
  } catch {
    return [];
  }
}

/**
 * Saves a list merged with what storage holds: a tab writing its copy would otherwise drop the
 * transactions another tab of the browser recorded since (each tab keeps its own copy).
 */
function save(key: string, items: RecentTransaction[]): void {
  const merged = mergeLists(items, storedNow(key));
  publish(key, merged);
  try {
    storage()?.setItem(key, serialize(merged));
  } catch (error) {
    console.warn('[shared-chain] recent transactions not saved', error);
  }
}

/** Another tab saved a list this page shows: merged in, so each tab shows every send of both. */
function onStorage(event: StorageEvent): void {
  if (event.key === null || !refs.has(event.key)) return;
  const theirs = parseStored(event.newValue).items;
  publish(event.key, mergeLists(theirs, lists$.getValue().get(event.key) ?? []));
}
globalThis.addEventListener?.('storage', onStorage);

function change(ref: ListRef, edit: (items: RecentTransaction[]) => RecentTransaction[]): void {
  const key = storageKey(ref.network.id, ref.account);
  save(key, edit(listOf(ref.network, ref.account)));
}

/** Records a transaction just handed to the chain (pending). */
export function recordTransaction(
  network: NetworkConfig,
  account: string,
  hash: string,
  described: Described,
  extra: Partial<RecentTransaction> = {},
  now: number = Date.now(),
): void {
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(hash)) return; // the widget host's "approved" has no id
  recordedHere.add(hash.toLowerCase());
  change({ network, account }, (items) =>
    addTransaction(items, { hash, ...described, time: now, status: 'pending', ...extra }),
  );
}

/** Every list, keyed by storageKey (the hook picks the connected account's). */
export const recentLists$ = lists$.asObservable();

// ------------------------------------------------------------------------------ recording

interface RecordingWallet {
  network: NetworkConfig;
  connection: Pick<WalletConnection, 'address'>;
}

/**
 * The writer, with every send recorded: the hash the send path reports to the pending bus
 * (transactionSubmitted) is recorded at once as pending, with the kind and amounts of the call;
 * when the send settles here, its status and what it came to (what arrived, or why it failed
 * and its fee) are recorded at once too, without waiting for the next poll.
 */
export function recordingWriter(writer: ChainWriter, wallet: RecordingWallet): ChainWriter {
  const { network } = wallet;
  const account = wallet.connection.address;
  const run = async (
    described: Described,
    send: (hooks: SendHooks) => Promise<TxResult>,
    hooks?: SendHooks,
    received?: (result: TxResult) => string | undefined,
  ): Promise<TxResult> => {
    const seen = new Set<string>();
    const note = (txid: string | undefined, sent?: SentRecord) => {
      // A Speed up's hash (the send resolves with it) is already recorded, as replacing this one.
      if (!txid || seen.has(txid) || recordedHere.has(txid.toLowerCase())) return;
      seen.add(txid);
      recordTransaction(
        network,
        account,
        txid,
        described,
        sent ? { sent, ...(sent.nonce !== undefined ? { nonce: sent.nonce } : {}) } : {},
      );
    };
    const before = pendingTransactionOf(account);
    const sub: Subscription = pendingTransactions$.subscribe(() => {
      const now = pendingTransactionOf(account);
      if (now?.status === 'chain' && !(before?.status === 'chain' && before.txid === now.txid))
        note(now.txid, now.sent);
    });
    const settle = (txid: string, edit: Partial<RecentTransaction>) =>
      change({ network, account }, (items) =>
        items.some((t) => t.hash.toLowerCase() === txid.toLowerCase() && t.status === 'pending')
          ? updateTransaction(items, txid, edit)
          : items,
      );
    try {
      // Recorded when the send path reports the hash with what was sent (transactionSubmitted,
      // after the wallet-changed check); the caller's popup opens at the hash already.
      const result = await send({ onSent: (txid) => hooks?.onSent?.(txid) });
      note(result.txid);
      if (result.logs !== undefined) {
        const outcome = received?.(result);
        settle(result.txid, { status: 'confirmed', ...(outcome ? { outcome } : {}) });
      }
      return result;
    } catch (error) {
      const mined = minedFailureOf(error);
      if (mined) settle(mined.txid, { status: 'failed', outcome: describeFailure(network, mined) });
      throw error;
    } finally {
      sub.unsubscribe();
      if (seen.size > 0) void pollNow();
    }
  };
  return {
    approve: (token, spender, amount) =>
      run(describeApprove(network, token, amount), () => writer.approve(token, spender, amount)),
    swap: (order, hooks) =>
      run(
        describeSwap(network, order),
        (h) => writer.swap(order, h),
        hooks,
        (result) => {
          const to = order.path[order.path.length - 1] ?? '';
          const { received } = swapMoved(network, order, result.logs ?? []);
          return describeReceived(network, [{ symbol: to, amount: received }]);
        },
      ),
    addLiquidity: (order, hooks) =>
      run(
        describeAdd(network, order),
        (h) => writer.addLiquidity(order, h),
        hooks,
        (result) => {
          const { lpTokens } = addMoved(network, order, result.logs ?? []);
          return lpTokens === undefined ? undefined : describeLpReceived(lpTokens);
        },
      ),
    removeLiquidity: (order, hooks) =>
      run(
        describeRemove(network, order),
        (h) => writer.removeLiquidity(order, h),
        hooks,
        (result) => {
          const { amountA, amountB } = removeMoved(network, order, result.logs ?? []);
          return describeReceived(network, [
            { symbol: order.symbolA, amount: amountA },
            { symbol: order.symbolB, amount: amountB },
          ]);
        },
      ),
    createPair: (a, b) => writer.createPair(a, b),
  };
}

// ------------------------------------------------------------------------------ chain checks

interface EvmTx {
  nonce: string;
  to: string | null;
  input: string;
  value: string;
  gas: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  blockNumber: string | null;
}

async function observeEvm(
  network: NetworkConfig,
  account: string,
  tx: RecentTransaction,
): Promise<Observation> {
  const rpc = rpcFor(network);
  try {
    const [receipt, found] = await Promise.all([
      rpc.send<{ status: string } | null>('eth_getTransactionReceipt', [tx.hash]),
      rpc.send<EvmTx | null>('eth_getTransactionByHash', [tx.hash]),
    ]);
    if (receipt) return { type: 'mined', success: BigInt(receipt.status) === 1n };
    if (found) return { type: 'waiting', nonce: Number(BigInt(found.nonce)) };
    if (tx.nonce === undefined) return { type: 'unknown' };
    const count = await rpc.send<string>('eth_getTransactionCount', [account, 'latest']);
    return { type: 'unknown', nonceUsed: BigInt(count) > BigInt(tx.nonce) };
  } catch {
    return { type: 'unreachable' };
  }
}

interface TronInfo {
  id?: string;
  blockNumber?: number;
  result?: string;
  receipt?: { result?: string };
}

async function observeTron(network: NetworkConfig, tx: RecentTransaction): Promise<Observation> {
  const node = new TronNode(nodesFor(network).pool);
  try {
    const info = await node.post<TronInfo>('gettransactioninfobyid', { value: tx.hash });
    if (info.id !== undefined || info.blockNumber !== undefined) {
      const result = info.receipt?.result;
      return {
        type: 'mined',
        success: info.result !== 'FAILED' && (result === undefined || result === 'SUCCESS'),
      };
    }
    const found = await node.post<{ raw_data?: { expiration?: number } }>('gettransactionbyid', {
      value: tx.hash,
    });
    if (found.raw_data) return { type: 'waiting', expiresAt: found.raw_data.expiration };
    return { type: 'unknown' };
  } catch {
    return { type: 'unreachable' };
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;
let polling: Promise<void> | undefined;
let queued: Promise<void> | undefined;

function schedulePoll(): void {
  if (timer !== undefined) return;
  timer = setTimeout(() => {
    timer = undefined;
    void pollNow();
  }, RECENT_POLL_MS);
}

/** Looks up every pending transaction of every list known to this page, once. */
export function pollNow(now: () => number = Date.now): Promise<void> {
  if (polling) {
    // one in flight may have asked before the caller's news: one more right after it
    queued ??= polling.then(() => {
      queued = undefined;
      return pollNow(now);
    });
    return queued;
  }
  polling = pollAll(now).finally(() => {
    polling = undefined;
  });
  return polling;
}

async function pollAll(now: () => number): Promise<void> {
  for (const [key, ref] of refs) {
    const items = lists$.getValue().get(key) ?? [];
    const pending = items.filter((t) => t.status === 'pending');
    if (pending.length === 0) continue;
    const platform = ref.network.platform;
    const seen = await Promise.all(
      pending.map((t) =>
        platform === 'evm' ? observeEvm(ref.network, ref.account, t) : observeTron(ref.network, t),
      ),
    );
    const current = lists$.getValue().get(key) ?? [];
    // A transaction of this list mined with a nonce replaces the others of that nonce.
    const minedByNonce = new Map<number, string>();
    for (const t of current) {
      if ((t.status === 'confirmed' || t.status === 'failed') && t.nonce !== undefined)
        minedByNonce.set(t.nonce, t.hash);
    }
    pending.forEach((t, i) => {
      const o = seen[i] as Observation;
      const nonce = t.nonce ?? (o.type === 'waiting' ? o.nonce : undefined);
      if (o.type === 'mined' && nonce !== undefined) minedByNonce.set(nonce, t.hash);
    });
    const observed = new Map(pending.map((t, i) => [t.hash, seen[i] as Observation]));
    // A sibling not seen mined or gone in this look (seen just before its block, or recorded
    // since the look began) may be what used the nonce: no "dropped" until it is looked at again.
    const stillOpen = (t: RecentTransaction, nonce: number) =>
      current.some(
        (u) =>
          u.hash !== t.hash &&
          u.nonce === nonce &&
          u.status === 'pending' &&
          observed.get(u.hash)?.type !== 'unknown',
      );
    let next = current;
    pending.forEach((t, i) => {
      const o = seen[i] as Observation;
      const nonce = t.nonce ?? (o.type === 'waiting' ? o.nonce : undefined);
      const sibling = nonce === undefined ? undefined : minedByNonce.get(nonce);
      const edit = nextStatus(t, o, {
        platform,
        now: now(),
        minedSibling: sibling !== undefined && sibling !== t.hash ? sibling : undefined,
        pendingSibling: nonce !== undefined && stillOpen(t, nonce),
      });
      if (edit) next = updateTransaction(next, t.hash, edit);
      // Settled by a look (after a reload): a send that settles in this page is noted by its
      // writer (api/noteLanded.ts).
      if (edit?.status === 'confirmed' && movesPools(t.kind)) noteLanded(ref.network.id);
    });
    next = followReplacements(next);
    if (next !== current) save(key, next);
  }
  if ([...lists$.getValue().values()].some((l) => l.some((t) => t.status === 'pending')))
    schedulePoll();
}

// ------------------------------------------------------------------------------ after a reload

/** Resolves once the transaction is no longer pending in its list. */
function untilSettled(hash: string): Promise<void> {
  return new Promise((resolve) => settledWaiters.set(hash.toLowerCase(), resolve));
}

/**
 * Called when a wallet is connected: reads the account's list on the network; a transaction
 * still pending from before this page (a reload) takes the account's one pending send again
 * (the send buttons stay blocked, "Confirming on chain") until the chain settles it.
 */
export function resumeAccount(network: NetworkConfig, account: string): void {
  const items = listOf(network, account);
  const open = items.filter(
    (t) =>
      t.status === 'pending' &&
      !recordedHere.has(t.hash.toLowerCase()) &&
      !resumed.has(t.hash.toLowerCase()),
  );
  if (open.length === 0) return;
  void pollNow();
  const newest = open[0] as RecentTransaction;
  if (pendingTransactionOf(account)) return;
  for (const t of open) resumed.add(t.hash.toLowerCase());
  void withPendingTransaction(account, async () => {
    transactionSubmitted(newest.hash);
    await Promise.all(open.map((t) => untilSettled(t.hash)));
  }).catch(() => undefined);
}

let started: Subscription | undefined;

/** Follows the wallet session: each connected account's list is read and resumed. */
export function startRecentTransactions(): void {
  started ??= session$.subscribe((session) => {
    const wallet = activeWallet();
    if (!session.connected || !wallet) return;
    resumeAccount(wallet.network, wallet.connection.address);
  });
}

// ------------------------------------------------------------------------------ stuck on EVM

interface NonceWallet {
  address: string;
  chainId(): Promise<number>;
  sendTransaction(tx: {
    to: string;
    data: string;
    value?: bigint;
    gasLimit?: bigint;
    gasPrice?: bigint;
    chainId?: number;
    nonce?: number;
  }): Promise<string>;
}

const canSendWithNonce = (c: WalletConnection): c is WalletConnection & NonceWallet =>
  typeof (c as Partial<NonceWallet>).sendTransaction === 'function' && c.platform === 'evm';

/** Shown when no node gave the stuck transaction as it was sent: nothing is sent. */
const NODE_REWROTE_TX = (): string =>
  t`No node gave this transaction as it was sent (a node answered other contents for it), so nothing was sent. Try again later, or use your wallet.`;

/**
 * Sends the replacement of a stuck EVM transaction with the same nonce: "speedUp" resends the
 * transaction as the app built it (stored when it was sent, `sent`) at a higher gas price;
 * "cancel" sends 0 to the sender's own address. The node's copy of the original only says that
 * it is still pending, its nonce and its fee: a copy whose contents do not hash to its id, or
 * differ from what was sent, is refused (the next node is asked; none left: nothing is sent and
 * the user is told). Resolves with the new hash (recorded as pending, `replaces` the original).
 */
export async function replaceTransaction(hash: string, how: 'speedUp' | 'cancel'): Promise<string> {
  const wallet = activeWallet();
  if (!wallet) throw new ChainError('WALLET_NOT_CONNECTED');
  const { network, connection } = wallet;
  if (!canSendWithNonce(connection)) throw new ChainError('WALLET_NOT_CONNECTED');
  const items = listOf(network, connection.address);
  const original = items.find((t) => t.hash.toLowerCase() === hash.toLowerCase());
  if (!original || original.status !== 'pending') throw new ChainError('TRANSACTION_FAILED');
  const sent = original.sent;
  if (how === 'speedUp' && sent === undefined)
    throw new ChainError(
      'TRANSACTION_FAILED',
      t`This transaction was not recorded as this app built it, so it cannot be sent again from here. Speed it up in your wallet.`,
    );
  const { sentTxProblem } = await import('../adapters/evm/sentTx');
  const rpc = rpcFor(network);
  let tx: EvmTx | null;
  let gasPrice: string;
  try {
    [tx, gasPrice] = await Promise.all([
      rpc.send<EvmTx | null>('eth_getTransactionByHash', [hash], {
        accept: (answer) =>
          answer === null ? undefined : sentTxProblem(answer as EvmTx, hash, sent),
      }),
      rpc.send<string>('eth_gasPrice'),
    ]);
  } catch (error) {
    if (error instanceof Error && error.name === 'NodeFailure' && /wrongly/.test(error.message)) {
      console.error(`[shared-chain] ${network.id}: ${how} of ${hash} refused: ${error.message}`);
      throw new ChainError('TRANSACTION_FAILED', NODE_REWROTE_TX());
    }
    throw error;
  }
  if (!tx || tx.blockNumber) throw new ChainError('TRANSACTION_FAILED', t`Already mined`);
  const price = replacementGasPrice(
    {
      gasPrice: tx.gasPrice !== undefined ? BigInt(tx.gasPrice) : undefined,
      maxFeePerGas: tx.maxFeePerGas !== undefined ? BigInt(tx.maxFeePerGas) : undefined,
      maxPriorityFeePerGas:
        tx.maxPriorityFeePerGas !== undefined ? BigInt(tx.maxPriorityFeePerGas) : undefined,
    },
    BigInt(gasPrice),
  );
  if ((await connection.chainId()) !== network.chainId)
    throw new ChainError('WRONG_NETWORK', wrongNetworkMessage(network));
  const nonce = Number(BigInt(tx.nonce));
  const request =
    how === 'speedUp' && sent
      ? { to: sent.to, data: sent.data, value: BigInt(sent.value), gasLimit: BigInt(sent.gas) }
      : { to: connection.address, data: '0x', value: 0n, gasLimit: CANCEL_GAS_LIMIT };
  const replacement = await connection.sendTransaction({
    ...request,
    gasPrice: price,
    nonce,
    chainId: network.chainId,
  });
  const described: Described =
    how === 'speedUp'
      ? { kind: original.kind, summary: original.summary }
      : { kind: 'Cancel', summary: `${original.kind}: ${original.summary}`.slice(0, 200) };
  recordTransaction(network, connection.address, replacement, described, {
    nonce,
    replaces: original.hash,
    ...(how === 'speedUp' && sent ? { sent: { ...sent, nonce } } : {}),
  });
  change({ network, account: connection.address }, (list) =>
    updateTransaction(list, original.hash, { nonce }),
  );
  void pollNow();
  return replacement;
}

/** Tests: forget every list and timer of this page. */
export function resetRecentForTests(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  refs.clear();
  recordedHere.clear();
  resumed.clear();
  settledWaiters.clear();
  started?.unsubscribe();
  started = undefined;
  lists$.next(new Map());
}

export type { NetworkId };
