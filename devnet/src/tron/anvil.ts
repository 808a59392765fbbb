/**
 * A minimal anvil process launcher and JSON-RPC client for the TRON devnode.
 * The devnode talks to anvil through plain JSON-RPC (fetch) so it can also sit on top of an
 * anvil somebody else started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';

/** TRON mainnet's block.chainid. */
export const TRON_CHAIN_ID = 728126428;

export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export class AnvilRpc {
  private nextId = 1;
  constructor(readonly url: string) {}

  async call<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }),
    });
    const json = (await res.json()) as {
      result?: T;
      error?: { message: string; code: number; data?: unknown };
    };
    if (json.error) throw new RpcError(json.error.message, json.error.code, json.error.data);
    return json.result as T;
  }
}

export interface AnvilOptions {
  port: number;
  chainId?: number;
  /** Genesis timestamp in seconds (default: now). */
  timestamp?: number;
  hardfork?: string;
  /** Block gas limit (default 300M so big fee_limits map to gas). */
  gasLimit?: bigint;
  /** Start from this state file (anvil --load-state) instead of an empty chain. */
  loadState?: string;
}

export interface AnvilProcess {
  url: string;
  rpc: AnvilRpc;
  stop(): Promise<void>;
}

function anvilBinary(): string {
  // Prefer the native binary of the platform package (no node wrapper process in between).
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const platformPkg = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  try {
    const pkgJson = require.resolve(`${platformPkg}/package.json`);
    const bin = path.join(path.dirname(pkgJson), 'bin', exe);
    if (fs.existsSync(bin)) return bin;
  } catch {
    /* fall through */
  }
  const roots = [
    process.cwd(),
    path.resolve(process.cwd(), '..'),
    path.resolve(process.cwd(), '../..'),
  ];
  for (const r of roots) {
    const c = path.join(r, 'node_modules/.bin/anvil');
    if (fs.existsSync(c)) return c;
  }
  return 'anvil';
}

/** Start anvil configured for TRON: chain id 728126428, zero base fee and gas price, cancun. */
export async function startAnvil(opts: AnvilOptions): Promise<AnvilProcess> {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(opts.port),
    '--chain-id',
    String(opts.chainId ?? TRON_CHAIN_ID),
    '--base-fee',
    '0',
    '--gas-price',
    '0',
    '--hardfork',
    opts.hardfork ?? 'cancun',
    '--gas-limit',
    String(opts.gasLimit ?? 300_000_000n),
    '--quiet',
  ];
  if (opts.timestamp !== undefined) args.push('--timestamp', String(opts.timestamp));
  if (opts.loadState) args.push('--load-state', opts.loadState);
  const child: ChildProcess = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const rpc = new AnvilRpc(url);
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (exited) throw new Error(`anvil exited early: ${stderr}`);
    try {
      await rpc.call('eth_chainId');
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`anvil did not start on port ${opts.port}: ${stderr}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    rpc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => {
          if (!exited) child.kill('SIGKILL');
        }, 3000).unref();
      }),
  };
}
