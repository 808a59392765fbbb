// Test infrastructure: the api as `npm start` runs it (scripts/api.mjs), in a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestChains } from './chain';
import { freePort } from './postgres-server';
import { parseLogLines, type LogLine } from './observe';

export const API_SCRIPT = join(__dirname, '../../scripts/api.mjs');

const tempDirs: string[] = [];

/** Removes every file writeNetworksFile wrote (a test file's afterAll). */
export function removeNetworksFiles(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The devnet's networks.json (profile local) in a temporary file, with `change` applied. */
export function writeNetworksFile(
  chains: TestChains,
  change: (config: Record<string, unknown>) => void = () => undefined,
): string {
  const config = structuredClone(chains.devnet.config) as unknown as Record<string, unknown>;
  change(config);
  const dir = mkdtempSync(join(tmpdir(), 'jmswap-api-net-'));
  tempDirs.push(dir);
  const path = join(dir, 'networks.json');
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
}

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  adminUrl: string;
  /** Everything the process wrote to stdout so far, and its JSON lines. */
  out(): string;
  lines(): LogLine[];
  /** Resolves when the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Starts scripts/api.mjs and resolves once it listens (its start-up line). */
export async function spawnApi(opts: {
  networksFile: string;
  env?: Record<string, string>;
  args?: string[];
  port?: number;
}): Promise<ApiProcess> {
  const port = opts.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [API_SCRIPT, '--port', String(port), '--networks', opts.networksFile, ...(opts.args ?? [])],
    {
      env: { ...process.env, LOG_LEVEL: 'debug', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout!.on('data', (c) => (out += String(c)));
  child.stderr!.on('data', (c) => (err += String(c)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    // 'close', not 'exit': the last lines may still be in the pipe when the process has exited.
    (resolve) => child.once('close', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const started = Date.now();
  for (;;) {
    const line = parseLogLines(out).find((l) => /^api: listening/.test(l.msg));
    if (line)
      return {
        child,
        url: line.url as string,
        adminUrl: line.adminUrl as string,
        out: () => out,
        lines: () => parseLogLines(out),
        exited,
      };
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`api exited before listening:\n${out}\n${err}`);
    if (Date.now() - started > 90_000) {
      child.kill('SIGKILL');
      throw new Error(`api did not listen within 90 s:\n${out}\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
