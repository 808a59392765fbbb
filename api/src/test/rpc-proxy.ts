// Test infrastructure: a small HTTP proxy in front of a node (anvil), whose answers a test
// decides call by call: pass, delay, an HTTP status, hang, or a truncated body. WebSocket
// connections on the same port are passed to the node's (anvil serves both on one port),
// counted the same way, and can be cut or refused.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

export interface ProxiedCall {
  /** JSON-RPC methods of the request (several for a batch). */
  methods: string[];
  /** The params of each call, in the same order. */
  params: unknown[][];
  at: number;
  /** How it came: an HTTP request, or a message on a WebSocket. */
  via: 'http' | 'ws';
}

export type Answer =
  | 'pass'
  /** Never answers (the connection stays open until the proxy closes). */
  | 'hang'
  /** The node's real answer cut in half (valid HTTP, broken JSON). */
  | 'truncate'
  | { status: number; body?: string }
  | { delayMs: number };

export interface RpcProxy {
  url: string;
  /** The same proxy as a WebSocket url. */
  wsUrl: string;
  /** While true, WebSocket upgrades are refused (HTTP 503). */
  refuseWs: boolean;
  /** Cuts every open WebSocket connection (as a node restarting, or the network, would). */
  dropWs(): void;
  /** Decides each call's answer (default: pass). */
  answer: (call: ProxiedCall) => Answer;
  /** Every call received, in order. */
  calls: ProxiedCall[];
  close(): Promise<void>;
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const sockets = new Set<Socket>();
  const wss = new WebSocketServer({ noServer: true });
  const proxy: RpcProxy = {
    url: '',
    wsUrl: '',
    refuseWs: false,
    dropWs: () => {
      for (const client of wss.clients) client.terminate();
    },
    answer: () => 'pass',
    calls: [],
    close: () =>
      new Promise<void>((resolve) => {
        proxy.dropWs();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  async function forward(body: string): Promise<{ status: number; text: string }> {
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: res.status, text: await res.text() };
  }

  const send = (res: ServerResponse, status: number, text: string) => {
    if (res.destroyed) return;
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c) => (body += String(c)));
    req.on('end', () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = {};
      }
      const items = (Array.isArray(parsed) ? parsed : [parsed]) as Array<{
        method?: string;
        params?: unknown[];
      }>;
      const call: ProxiedCall = {
        methods: items.map((i) => String(i.method)),
        params: items.map((i) => i.params ?? []),
        at: Date.now(),
        via: 'http',
      };
      proxy.calls.push(call);
      const answer = proxy.answer(call);
      void (async () => {
        try {
          if (answer === 'hang') return;
          if (typeof answer === 'object' && 'status' in answer)
            return send(res, answer.status, answer.body ?? `{"error":"HTTP ${answer.status}"}`);
          if (typeof answer === 'object' && 'delayMs' in answer)
            await new Promise((r) => setTimeout(r, answer.delayMs));
          const real = await forward(body);
          if (answer === 'truncate')
            return send(res, real.status, real.text.slice(0, Math.floor(real.text.length / 2)));
          send(res, real.status, real.text);
        } catch {
          res.destroy();
        }
      })();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    if (proxy.refuseWs) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (client) => {
      const node = new WebSocket(target.replace(/^http/, 'ws'));
      const queued: string[] = [];
      node.on('open', () => queued.splice(0).forEach((m) => node.send(m)));
      node.on('message', (m) => client.readyState === WebSocket.OPEN && client.send(String(m)));
      client.on('message', (m) => {
        const text = String(m);
        try {
          const items = [JSON.parse(text)].flat() as Array<{ method?: string; params?: unknown[] }>;
          proxy.calls.push({
            methods: items.map((i) => String(i.method)),
            params: items.map((i) => i.params ?? []),
            at: Date.now(),
            via: 'ws',
          });
        } catch {
          // not JSON: passed on as it is
        }
        if (node.readyState === WebSocket.OPEN) node.send(text);
        else queued.push(text);
      });
      const end = () => {
        client.terminate();
        node.terminate();
      };
      client.on('close', end);
      client.on('error', end);
      node.on('close', end);
      node.on('error', end);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  proxy.wsUrl = proxy.url.replace(/^http/, 'ws');
  return proxy;
}
