import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface AnvilOptions {
  port: number;
  chainId: number;
  /** Genesis timestamp in seconds (e.g. a few days in the past to seed history). */
  timestamp?: number;
  /** Default "cancun". */
  hardfork?: string;
  host?: string;
  /** Extra command-line arguments. */
  args?: string[];
  /** Forward anvil's output to this process' stdout/stderr (default: only on failure). */
  verbose?: boolean;
  readyTimeoutMs?: number;
}

export interface AnvilInstance {
  url: string;
  port: number;
  chainId: number;
  pid: number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort: never leave an anvil behind when this process exits.
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/** The native anvil binary from @foundry-rs/anvil-<platform>-<arch> (or ANVIL_BIN). */
export function anvilBinary(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platformPkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  try {
    const pkgDir = join(require.resolve(`${platformPkg}/package.json`), '..');
    const bin = join(pkgDir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
    if (existsSync(bin)) return bin;
  } catch {
    // fall through to the npm wrapper
  }
  return join(__dirname, '..', '..', 'node_modules', '.bin', 'anvil');
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

async function isListening(url: string): Promise<boolean> {
  try {
    await rpc(url, 'eth_chainId');
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts anvil with fresh state (no state file) and resolves once it answers eth_chainId. */
export async function startAnvil(opts: AnvilOptions): Promise<AnvilInstance> {
  const host = opts.host ?? '127.0.0.1';
  const url = `http://${host}:${opts.port}`;
  if (await isListening(url))
    throw new Error(`port ${opts.port} already serves JSON-RPC; stop that node first`);
  const args = [
    '--port',
    String(opts.port),
    '--host',
    host,
    '--chain-id',
    String(opts.chainId),
    '--hardfork',
    opts.hardfork ?? 'cancun',
    ...(opts.timestamp !== undefined ? ['--timestamp', String(opts.timestamp)] : []),
    ...(opts.args ?? []),
  ];
  installExitHook();
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    if (opts.verbose) process.stdout.write(chunk);
    else if (output.length < 20000) output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited: number | null | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code) => {
      exited = code;
      running.delete(child);
      resolve();
    });
  });

  const stop = async () => {
    if (exited !== undefined) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exitPromise;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 30000);
  for (;;) {
    if (exited !== undefined) {
      throw new Error(`anvil on port ${opts.port} exited with code ${exited}:\n${output}`);
    }
    if (await isListening(url)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil on port ${opts.port} not ready in time:\n${output}`);
    }
    await sleep(50);
  }
  // Output is only needed for diagnostics while starting; drop it afterwards.
  child.stdout?.removeListener('data', collect);
  child.stderr?.removeListener('data', collect);
  child.stdout?.resume();
  child.stderr?.resume();
  if (opts.verbose) {
    child.stdout?.on('data', (c: Buffer) => process.stdout.write(c));
    child.stderr?.on('data', (c: Buffer) => process.stderr.write(c));
  }
  return { url, port: opts.port, chainId: opts.chainId, pid: child.pid ?? -1, stop };
}
