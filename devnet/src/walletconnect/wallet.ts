/**
 * A mobile wallet on this machine: WalletConnect's own wallet SDK (`@walletconnect/sign-client`)
 * in Node, pairing from the URI a page shows, and signing with a given key against the local anvil
 * nodes. A test (or a person, scripts/wallet.mjs) decides what its user does: approve or refuse a
 * session or a request, move the wallet to another chain, end the session.
 */
import { JsonRpcProvider, Wallet, getAddress } from 'ethers';
import { SignClient } from '@walletconnect/sign-client';
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils';

type Client = Awaited<ReturnType<typeof SignClient.init>>;
type Proposal = Parameters<Parameters<Client['on']>[1]>[0] & { id: number; params: unknown };

export interface TestWalletOptions {
  relayUrl: string;
  projectId: string;
  /** The key that signs: a dev account's, or an e2e test's fresh account's. */
  privateKey: string;
  /** JSON-RPC url per chain id: the chains this wallet knows. */
  rpcUrls: Record<number, string>;
  /** The chain the wallet is on. */
  chainId: number;
  /** The name the page shows ("Welcome {name}"). */
  name?: string;
  /** Where its storage lives; default in memory (a file path keeps sessions across restarts). */
  database?: string;
  log?: (line: string) => void;
  /** The SDK's own log level (default 'error'). */
  sdkLogLevel?: 'error' | 'silent';
}

/** One request as the wallet saw it, and what it answered. */
export interface SeenRequest {
  method: string;
  chainId: string;
  params: unknown;
  answer?: 'result' | 'rejected' | 'error';
  result?: unknown;
}

/** EIP-1193's "user rejected": what MetaMask Mobile answers over WalletConnect. */
export const USER_REJECTED_4001 = { code: 4001, message: 'User rejected the request.' };

const METHODS = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
];
const EVENTS = ['chainChanged', 'accountsChanged'];

let instances = 0;

const chainRef = (chainId: number) => `eip155:${chainId}`;
/** How long an account switch waits for the page to acknowledge the session's new accounts. */
const ACK_WAIT_MS = 5_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());
const big = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' ? BigInt(v) : undefined;

export class TestWallet {
  private key: string;
  private account: string;
  readonly requests: SeenRequest[] = [];
  /** Hashes of the transactions this wallet signed and sent. */
  readonly sent: string[] = [];
  /** Refuse the next session proposal. */
  rejectNextProposal = false;
  /** Chains to approve in a session (default: every known chain the page asks for). */
  approveChains: number[] | undefined;
  /** Refuse wallet_switchEthereumChain. */
  refuseSwitch = false;
  private readonly declineNext = new Set<string>();
  private refuseAny = false;
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;
  private readonly waiters = new Set<() => void>();
  private chain: number;

  private constructor(
    readonly client: Client,
    private readonly options: TestWalletOptions,
  ) {
    this.key = options.privateKey;
    this.account = new Wallet(options.privateKey).address;
    this.chain = options.chainId;
    client.on('session_proposal', (proposal) => void this.onProposal(proposal as Proposal));
    client.on('session_request', (event) => void this.onRequest(event));
    client.on('session_delete', () => this.changed());
  }

  static async start(options: TestWalletOptions): Promise<TestWallet> {
    const client = await SignClient.init({
      projectId: options.projectId,
      relayUrl: options.relayUrl,
      metadata: {
        name: options.name ?? 'JMSwap Test Wallet',
        description: 'A WalletConnect wallet signing with a local dev key',
        url: 'http://localhost',
        icons: [],
      },
      storageOptions: { database: options.database ?? ':memory:' },
      // Its own core: clients in one process share one per storage prefix (the page's
      // EthereumProvider in a Node test, a second wallet).
      customStoragePrefix: `jmswap-test-wallet-${++instances}`,
      telemetryEnabled: false,
      logger: options.sdkLogLevel ?? 'error',
    });
    // This wallet asks no Verify server about the page (there is none offline): it trusts the
    // page's origin as declared (what the SDK does when Verify has no answer).
    (client.core.verify as unknown as { resolve: () => Promise<undefined> }).resolve = async () =>
      undefined;
    const wallet = new TestWallet(client, options);
    // The SDK deletes old pairings by itself (its expirer, a settled session), and an unsubscribe
    // still in flight when the relay goes down or stop() closes the link rejects where nothing
    // can catch it ("Couldn't establish socket connection"). A page only logs that; in Node it
    // ends the process this wallet runs in (a test worker). Logged here instead.
    const { relayer } = client.core;
    const unsubscribe = relayer.unsubscribe.bind(relayer);
    relayer.unsubscribe = (...args) =>
      unsubscribe(...args).catch((e: unknown) => wallet.log(`unsubscribe failed: ${String(e)}`));
    return wallet;
  }

  get chainId(): number {
    return this.chain;
  }

  /** The account the wallet's user has picked (`switchAccount`). */
  get address(): string {
    return this.account;
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  /** Pairs with the `wc:` URI the page shows; the proposal follows through the relay. */
  async pair(uri: string): Promise<void> {
    await this.client.core.pairing.pair({ uri });
  }

  /** The active sessions (normally one). */
  sessions() {
    return this.client.session.getAll();
  }

  /** The next request of `method` gets "user rejected". */
  decline(method: string): void {
    this.declineNext.add(method);
  }

  /** The next request, whatever it asks, gets "user rejected". */
  refuseNext(): void {
    this.refuseAny = true;
  }

  /** Requests wait (the user has not looked at the phone yet) until resume(). */
  hold(): void {
    if (this.held) return;
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  resume(): void {
    this.release?.();
    this.held = undefined;
    this.release = undefined;
  }

  /** Resolves once `predicate` holds (checked whenever the wallet saw something). */
  async until(predicate: () => boolean, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error('TestWallet: timed out waiting');
      await new Promise<void>((resolve) => {
        const done = () => {
          this.waiters.delete(done);
          resolve();
        };
        this.waiters.add(done);
        setTimeout(done, 200);
      });
    }
  }

  private changed(): void {
    for (const w of [...this.waiters]) w();
  }

  private async onProposal(proposal: Proposal): Promise<void> {
    const { id, params } = proposal as unknown as {
      id: number;
      params: Parameters<typeof buildApprovedNamespaces>[0]['proposal'];
    };
    if (this.rejectNextProposal) {
      this.rejectNextProposal = false;
      this.log('session proposal refused');
      await this.client.reject({ id, reason: getSdkError('USER_REJECTED') });
      this.changed();
      return;
    }
    const asked = new Set(
      [params.requiredNamespaces, params.optionalNamespaces]
        .flatMap((ns) => Object.values(ns ?? {}))
        .flatMap((n) => n.chains ?? []),
    );
    const known = (this.approveChains ?? Object.keys(this.options.rpcUrls).map(Number))
      .map(chainRef)
      .filter((c) => asked.has(c));
    // The chain the wallet is on goes first: the page reads it as the session's chain.
    known.sort((a, b) => Number(b === chainRef(this.chain)) - Number(a === chainRef(this.chain)));
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: {
          chains: known,
          methods: METHODS,
          events: EVENTS,
          accounts: known.map((c) => `${c}:${this.address}`),
        },
      },
    });
    const { acknowledged } = await this.client.approve({ id, namespaces });
    await acknowledged();
    this.log(`session approved on ${known.join(', ')}`);
    this.changed();
  }

  private async onRequest(event: {
    id: number;
    topic: string;
    params: { chainId: string; request: { method: string; params: unknown } };
  }): Promise<void> {
    const { id, topic, params } = event;
    const seen: SeenRequest = {
      method: params.request.method,
      chainId: params.chainId,
      params: params.request.params,
    };
    this.requests.push(seen);
    this.changed();
    this.log(`request ${seen.method} on ${seen.chainId}`);
    await this.held;
    const respond = async (
      answer: { result: unknown } | { error: { code: number; message: string } },
    ) => {
      const response =
        'result' in answer
          ? { id, jsonrpc: '2.0', result: answer.result }
          : { id, jsonrpc: '2.0', error: answer.error };
      await this.client.respond({ topic, response: response as never });
      this.changed();
    };
    const refuse = this.refuseAny || this.declineNext.delete(seen.method);
    this.refuseAny = false;
    if (refuse) {
      seen.answer = 'rejected';
      return respond({ error: USER_REJECTED_4001 });
    }
    try {
      const result = await this.answer(topic, seen);
      seen.answer = 'result';
      seen.result = result;
      await respond({ result });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      seen.answer = code === 4001 ? 'rejected' : 'error';
      const message = error instanceof Error ? error.message : String(error);
      await respond({ error: { code: typeof code === 'number' ? code : -32000, message } });
    }
  }

  private async answer(topic: string, seen: SeenRequest): Promise<unknown> {
    const list = Array.isArray(seen.params) ? (seen.params as unknown[]) : [];
    switch (seen.method) {
      case 'eth_sendTransaction':
        return this.sendTransaction(Number(seen.chainId.split(':')[1]), list[0] as TxParams);
      case 'wallet_switchEthereumChain': {
        if (this.refuseSwitch)
          throw Object.assign(new Error(USER_REJECTED_4001.message), USER_REJECTED_4001);
        const target = Number((list[0] as { chainId: string }).chainId);
        if (!this.options.rpcUrls[target])
          throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 });
        await this.switchChain(target, topic);
        return null;
      }
      default:
        throw Object.assign(new Error(`${seen.method} is not supported`), { code: 4200 });
    }
  }

  private async sendTransaction(chainId: number, tx: TxParams): Promise<string> {
    if (getAddress(tx.from) !== this.address) throw new Error('from is not this wallet');
    if (tx.chainId !== undefined && Number(tx.chainId) !== chainId)
      throw new Error(`the transaction names chain ${Number(tx.chainId)}, the request ${chainId}`);
    const url = this.options.rpcUrls[chainId];
    if (!url) throw new Error(`chain ${chainId} is not known to this wallet`);
    const signer = new Wallet(this.key, new JsonRpcProvider(url, chainId, { staticNetwork: true }));
    const gasPrice = big(tx.gasPrice);
    const response = await signer.sendTransaction({
      to: tx.to,
      data: tx.data,
      value: big(tx.value),
      gasLimit: big(tx.gas),
      nonce: tx.nonce === undefined ? undefined : Number(tx.nonce),
      chainId,
      ...(gasPrice !== undefined ? { gasPrice, type: 0 } : {}),
    });
    this.sent.push(response.hash);
    this.log(`sent ${response.hash} on chain ${chainId}`);
    return response.hash;
  }

  /**
   * The user moves the wallet to `chainId`: a chain outside the session is added to it first
   * (session update), then every session hears chainChanged.
   */
  async switchChain(chainId: number, onlyTopic?: string): Promise<void> {
    const ref = chainRef(chainId);
    for (const session of this.sessions()) {
      if (onlyTopic && session.topic !== onlyTopic) continue;
      const ns = session.namespaces.eip155;
      if (!ns) continue;
      if (!ns.accounts.some((a) => a.startsWith(`${ref}:`))) {
        const namespaces = {
          ...session.namespaces,
          eip155: {
            ...ns,
            chains: [...(ns.chains ?? []), ref],
            accounts: [...ns.accounts, `${ref}:${this.address}`],
          },
        };
        const { acknowledged } = await this.client.update({ topic: session.topic, namespaces });
        await acknowledged();
      }
      await this.client.emit({
        topic: session.topic,
        chainId: ref,
        event: { name: 'chainChanged', data: chainId },
      });
    }
    this.chain = chainId;
    this.log(`on chain ${chainId}`);
  }

  /**
   * The user picks the account of `privateKey` in the wallet: every session is updated to it
   * (its accounts on each of its chains) and hears accountsChanged, as MetaMask Mobile does.
   */
  async switchAccount(privateKey: string): Promise<string> {
    this.key = privateKey;
    this.account = new Wallet(privateKey).address;
    for (const session of this.sessions()) {
      const ns = session.namespaces.eip155;
      if (!ns) continue;
      const chains = [...new Set(ns.accounts.map((a) => a.split(':').slice(0, 2).join(':')))];
      const namespaces = {
        ...session.namespaces,
        eip155: { ...ns, accounts: chains.map((c) => `${c}:${this.account}`) },
      };
      const { acknowledged } = await this.client.update({ topic: session.topic, namespaces });
      // A wallet's screen does not wait on the page: with the page slow to answer (a loaded
      // machine), accountsChanged still goes, and the page follows either message.
      await Promise.race([acknowledged(), sleep(ACK_WAIT_MS)]);
      await this.client.emit({
        topic: session.topic,
        chainId: chainRef(this.chain),
        event: { name: 'accountsChanged', data: [this.account] },
      });
    }
    this.log(`on account ${this.account}`);
    return this.account;
  }

  /** The user ends every session in the wallet. */
  async disconnect(): Promise<void> {
    for (const session of this.sessions())
      await this.client.disconnect({
        topic: session.topic,
        reason: getSdkError('USER_DISCONNECTED'),
      });
    this.changed();
  }

  /** Closes the relay connection (the sessions stay in its storage). */
  async stop(): Promise<void> {
    this.resume();
    await this.client.core.relayer.transportClose().catch(() => undefined);
    this.client.core.heartbeat.stop();
  }
}

interface TxParams {
  from: string;
  to?: string;
  data?: string;
  value?: string;
  gas?: string;
  gasPrice?: string;
  nonce?: string;
  chainId?: string;
}
