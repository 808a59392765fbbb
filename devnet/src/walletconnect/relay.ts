/**
 * A local WalletConnect v2 relay: the part of the relay protocol that `@walletconnect/core`
 * speaks, so that a page's EthereumProvider and a wallet's SignClient pair, talk and reconnect
 * through it with no internet. A test fixture like the TRON devnode (README.md beside it).
 *
 * - JSON-RPC over WebSocket; the method names are relay-api's (`RELAY_JSONRPC.irn`), plus the
 *   two the Sign API publishes through since 2.21 (`wc_proposeSession`, `wc_approveSession`):
 *   the relay publishes their parts on the pairing and session topics and subscribes their
 *   sender to the topic it will hear the answer on.
 * - Messages are end-to-end encrypted by the clients: the relay routes opaque strings by topic.
 *   It keeps each one until its ttl ends (the mailbox), hands it to every subscriber but its
 *   sender, and to a client that subscribes later, once per client (acknowledged deliveries are
 *   remembered by client id, so a reconnecting client is not sent them again).
 * - The connection's `auth` query (the client's did:key JWT, relay-auth) is verified; `projectId`
 *   must be present. Anything else is refused with 401 before the upgrade.
 * - stop() is an outage, not a reset: the listener and every socket close, the mailbox stays,
 *   and start() listens on the same port again.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RELAY_JSONRPC, type RelayJsonRpc } from '@walletconnect/relay-api';
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth';
import { WebSocketServer, type WebSocket } from 'ws';

const IRN = RELAY_JSONRPC.irn as RelayJsonRpc.Methods;

/** The Sign API's own relay methods (not in relay-api's list): the relay publishes for it. */
export const SIGN_RELAY_METHODS = {
  proposeSession: 'wc_proposeSession',
  approveSession: 'wc_approveSession',
} as const;

/** Tags the relay gives the messages it publishes for the Sign API (the Sign spec's). */
const TAG = { proposal: 1100, proposalResponse: 1101, settle: 1102 } as const;

/** How often the relay pings each socket: Node clients drop a connection silent for 35 s. */
const PING_MS = 10_000;

interface Stored {
  id: string;
  topic: string;
  message: string;
  publishedAt: number;
  expiresAt: number;
  tag: number;
  attestation?: string;
  /** The client that published it: it is not sent back. */
  from: string;
}

interface Client {
  socket: WebSocket;
  clientId: string;
  topics: Set<string>;
  /** Deliveries awaiting the client's acknowledgement: rpc id -> message id. */
  unacked: Map<number, string>;
}

interface RpcRequest {
  id: number | string;
  jsonrpc: '2.0';
  method: string;
  params?: unknown;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface RelayOptions {
  /** 0: any free port. */
  port?: number;
  host?: string;
  log?: (line: string) => void;
}

export interface RelayStats {
  /** Messages accepted (publish and the Sign API's methods), by tag. */
  published: { topic: string; tag: number }[];
  /** Sockets opened since the relay was created. */
  connections: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const str = (value: unknown, name: string): string => {
  if (typeof value !== 'string' || value === '') throw new RpcError(-32602, `invalid ${name}`);
  return value;
};

const obj = (value: unknown): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RpcError(-32602, 'invalid params');
  return value as Record<string, unknown>;
};

const topicsOf = (params: unknown): string[] => {
  const topics = obj(params).topics;
  if (!Array.isArray(topics)) throw new RpcError(-32602, 'invalid topics');
  return topics.map((t) => str(t, 'topic'));
};

const ttlOf = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;

export class WalletConnectRelay {
  readonly stats: RelayStats = { published: [], connections: 0 };
  private readonly mailbox = new Map<string, Stored[]>();
  /** Message ids each client (by did:key) has acknowledged. */
  private readonly delivered = new Map<string, Set<string>>();
  private readonly clients = new Set<Client>();
  private server: http.Server | undefined;
  private wss: WebSocketServer | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private rpcId = Date.now() * 1000;
  private port: number;
  private readonly host: string;
  private readonly log: (line: string) => void;

  constructor(options: RelayOptions = {}) {
    this.port = options.port ?? 0;
    this.host = options.host ?? '127.0.0.1';
    this.log = options.log ?? (() => undefined);
  }

  /** ws://localhost:<port> (the page and the wallet use this). */
  get url(): string {
    return `ws://localhost:${this.port}`;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const wss = new WebSocketServer({ noServer: true });
    const server = http.createServer((_req, res) => {
      res
        .writeHead(426, { 'content-type': 'text/plain' })
        .end('WalletConnect relay: WebSocket only\n');
    });
    server.on('upgrade', (req, socket, head) => {
      void this.authorise(req).then((clientId) => {
        if (!clientId) {
          socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, clientId));
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, this.host, () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    this.wss = wss;
    this.pinger = setInterval(() => {
      for (const c of this.clients) c.socket.ping();
    }, PING_MS);
    this.pinger.unref();
    this.log(`walletconnect relay listening on ${this.url}`);
  }

  /** Closes every socket and the listener; the mailbox stays for the next start(). */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    clearInterval(this.pinger);
    for (const c of this.clients) c.socket.terminate();
    this.clients.clear();
    this.wss?.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.log('walletconnect relay stopped');
  }

  /** The client's did:key when its auth JWT verifies and a project id is given. */
  private async authorise(req: http.IncomingMessage): Promise<string | undefined> {
    const query = new URL(req.url ?? '/', 'ws://relay').searchParams;
    const auth = query.get('auth');
    if (!auth || !query.get('projectId')) return undefined;
    try {
      if (!(await verifyJWT(auth))) return undefined;
      const { payload } = decodeJWT(auth);
      if (payload.exp * 1000 < Date.now()) return undefined;
      return payload.iss;
    } catch {
      return undefined;
    }
  }

  private accept(socket: WebSocket, clientId: string): void {
    const client: Client = { socket, clientId, topics: new Set(), unacked: new Map() };
    this.clients.add(client);
    this.stats.connections += 1;
    socket.on('message', (data) => this.onMessage(client, String(data)));
    socket.on('close', () => this.clients.delete(client));
    socket.on('error', () => socket.terminate());
  }

  private onMessage(client: Client, text: string): void {
    if (process.env.WC_RELAY_TRACE)
      this.log(`<- ${client.clientId.slice(-6)} ${text.slice(0, 160)}`);
    let payload: { id?: number | string; method?: string; params?: unknown; result?: unknown };
    try {
      payload = JSON.parse(text);
    } catch {
      this.send(client, {
        id: null,
        jsonrpc: '2.0',
        error: { code: -32700, message: 'parse error' },
      });
      return;
    }
    if (payload.method === undefined) {
      // A client's acknowledgement of one of our irn_subscription requests.
      const messageId = client.unacked.get(Number(payload.id));
      if (messageId && payload.result === true) {
        client.unacked.delete(Number(payload.id));
        this.deliveredTo(client.clientId).add(messageId);
      }
      return;
    }
    const request = payload as RpcRequest;
    try {
      const result = this.handle(client, request);
      this.send(client, { id: request.id, jsonrpc: '2.0', result });
    } catch (error) {
      const { code, message } =
        error instanceof RpcError ? error : new RpcError(-32603, String(error));
      this.send(client, { id: request.id, jsonrpc: '2.0', error: { code, message } });
    }
  }

  private handle(client: Client, { method, params }: RpcRequest): unknown {
    switch (method) {
      case IRN.publish: {
        const p = obj(params) as Partial<RelayJsonRpc.PublishParams>;
        const topic = str(p.topic, 'topic');
        this.publish(
          client.clientId,
          topic,
          str(p.message, 'message'),
          p.ttl,
          p.tag,
          p.attestation,
        );
        return true;
      }
      case IRN.batchPublish: {
        const { messages } = obj(params) as Partial<RelayJsonRpc.BatchPublishParams>;
        if (!Array.isArray(messages)) throw new RpcError(-32602, 'invalid messages');
        for (const m of messages)
          this.publish(
            client.clientId,
            str(m.topic, 'topic'),
            str(m.message, 'message'),
            m.ttl,
            m.tag,
          );
        return true;
      }
      case SIGN_RELAY_METHODS.proposeSession: {
        const p = obj(params);
        const pairingTopic = str(p.pairingTopic, 'pairingTopic');
        const proposal = str(p.sessionProposal, 'sessionProposal');
        const attestation = typeof p.attestation === 'string' ? p.attestation : undefined;
        this.publish(client.clientId, pairingTopic, proposal, p.ttl, TAG.proposal, attestation);
        // The proposer hears the answer on the pairing topic without subscribing (its client
        // marks that subscription as made: `skipSubscribe`).
        this.subscribe(client, [pairingTopic]);
        return true;
      }
      case SIGN_RELAY_METHODS.approveSession: {
        const p = obj(params);
        const pairingTopic = str(p.pairingTopic, 'pairingTopic');
        const sessionTopic = str(p.sessionTopic, 'sessionTopic');
        const response = str(p.sessionProposalResponse, 'sessionProposalResponse');
        const settle = str(p.sessionSettlementRequest, 'sessionSettlementRequest');
        this.publish(client.clientId, pairingTopic, response, p.ttl, TAG.proposalResponse);
        this.publish(client.clientId, sessionTopic, settle, p.ttl, TAG.settle);
        // Likewise the wallet on the new session's topic.
        this.subscribe(client, [sessionTopic]);
        return true;
      }
      case IRN.subscribe: {
        const topic = str(obj(params).topic, 'topic');
        this.subscribe(client, [topic]);
        return this.subscriptionId(client, topic);
      }
      case IRN.batchSubscribe: {
        const topics = topicsOf(params);
        this.subscribe(client, topics);
        return topics.map((t) => this.subscriptionId(client, t));
      }
      case IRN.unsubscribe: {
        client.topics.delete(str(obj(params).topic, 'topic'));
        return true;
      }
      case IRN.batchUnsubscribe: {
        const { subscriptions } = obj(params) as Partial<RelayJsonRpc.BatchUnsubscribeParams>;
        if (!Array.isArray(subscriptions)) throw new RpcError(-32602, 'invalid subscriptions');
        for (const s of subscriptions) client.topics.delete(str(s.topic, 'topic'));
        return true;
      }
      case IRN.batchFetchMessages: {
        // What the client has not acknowledged yet; fetched counts as delivered.
        const seen = this.deliveredTo(client.clientId);
        const messages = topicsOf(params)
          .flatMap((topic) => this.pending(topic, client.clientId))
          .map((m) => {
            seen.add(m.id);
            return {
              topic: m.topic,
              message: m.message,
              publishedAt: m.publishedAt,
              attestation: m.attestation,
            };
          });
        return { messages, hasMore: false };
      }
      default:
        throw new RpcError(-32601, `method not found: ${method}`);
    }
  }

  /** The id the client computes itself (core's subscriber: sha256 of topic + client id). */
  private subscriptionId(client: Client, topic: string): string {
    return sha256(topic + client.clientId);
  }

  private deliveredTo(clientId: string): Set<string> {
    let set = this.delivered.get(clientId);
    if (!set) this.delivered.set(clientId, (set = new Set()));
    return set;
  }

  /** Live messages of `topic` not sent by and not yet acknowledged by `clientId`. */
  private pending(topic: string, clientId: string): Stored[] {
    const now = Date.now();
    const live = (this.mailbox.get(topic) ?? []).filter((m) => m.expiresAt > now);
    if (live.length) this.mailbox.set(topic, live);
    else this.mailbox.delete(topic);
    const seen = this.deliveredTo(clientId);
    return live.filter((m) => m.from !== clientId && !seen.has(m.id));
  }

  private publish(
    from: string,
    topic: string,
    message: string,
    ttl: unknown,
    tag: unknown,
    attestation?: string,
  ): void {
    const id = sha256(topic + message);
    const list = this.mailbox.get(topic) ?? [];
    // A client that retries a publish (its first try unacknowledged) sends the same message.
    if (list.some((m) => m.id === id)) return;
    const now = Date.now();
    const stored: Stored = {
      id,
      topic,
      message,
      publishedAt: now,
      expiresAt: now + ttlOf(ttl, 300) * 1000,
      tag: typeof tag === 'number' ? tag : 0,
      attestation,
      from,
    };
    list.push(stored);
    this.mailbox.set(topic, list);
    this.stats.published.push({ topic, tag: stored.tag });
    this.log(`publish ${topic.slice(0, 8)}… tag ${stored.tag}`);
    for (const c of this.clients)
      if (c.topics.has(topic) && c.clientId !== from) this.deliver(c, stored);
  }

  private subscribe(client: Client, topics: string[]): void {
    for (const topic of topics) client.topics.add(topic);
    // The answer to the subscribe goes first; then what waited in the mailbox.
    setImmediate(() => {
      for (const topic of topics)
        for (const m of this.pending(topic, client.clientId)) this.deliver(client, m);
    });
  }

  private deliver(client: Client, m: Stored): void {
    if ([...client.unacked.values()].includes(m.id)) return;
    const id = ++this.rpcId;
    client.unacked.set(id, m.id);
    const params: RelayJsonRpc.SubscriptionParams = {
      id: this.subscriptionId(client, m.topic),
      data: {
        topic: m.topic,
        message: m.message,
        publishedAt: m.publishedAt,
        attestation: m.attestation,
      },
    };
    this.send(client, { id, jsonrpc: '2.0', method: IRN.subscription, params });
  }

  private send(client: Client, payload: unknown): void {
    if (process.env.WC_RELAY_TRACE)
      this.log(`-> ${client.clientId.slice(-6)} ${JSON.stringify(payload).slice(0, 160)}`);
    if (client.socket.readyState === client.socket.OPEN)
      client.socket.send(JSON.stringify(payload));
  }
}

/** Starts a relay (`port` 0: any free port). */
export async function startRelay(options: RelayOptions = {}): Promise<WalletConnectRelay> {
  const relay = new WalletConnectRelay(options);
  await relay.start();
  return relay;
}
