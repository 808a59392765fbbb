import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's PostgreSQL binaries (the `postgresql` package), newest version installed. */
function pgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** Installs Debian's postgresql with apt-get when missing (as npm test does for Chromium). */
export function ensurePostgresInstalled(): string {
  const found = pgBin();
  if (found) return found;
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execFileSync(
    'sh',
    [
      '-c',
      `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql`,
    ],
    { stdio: 'inherit' },
  );
  const bin = pgBin();
  if (!bin) throw new Error('PostgreSQL is not installed and apt-get could not install it');
  return bin;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface PostgresServer {
  url: string;
  dir: string;
  /** Stops the server and removes its data. */
  stop(): void;
  /** `pg_ctl stop -m fast`: the server goes away (connections cut), its data stays. */
  halt(): void;
  /** Starts the halted server again, same data, same port. */
  resume(): void;
}

/**
 * A throw-away PostgreSQL server: a temporary data directory owned by `postgres` (the server
 * refuses to run as root), trust auth, a free port on 127.0.0.1.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = ensurePostgresInstalled();
  const dir = mkdtempSync(join(tmpdir(), 'jmswap-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], {
          encoding: 'utf8',
        })
      : spawnSync(join(bin, cmd), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      'start',
    ]);
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    stop() {
      try {
        if (running) run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        running = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
    halt() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    resume() {
      start();
      running = true;
    },
  };
}
