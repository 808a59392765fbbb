import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's PostgreSQL binaries (the `postgresql` package). */
export const PG_BIN = '/usr/lib/postgresql/15/bin';

export function ensurePostgresInstalled(): void {
  if (existsSync(join(PG_BIN, 'initdb'))) return;
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execFileSync(
    'sh',
    [
      '-c',
      `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15`,
    ],
    { stdio: 'inherit' },
  );
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
  stop(): void;
}

/**
 * A throw-away PostgreSQL server: a temporary data directory owned by `postgres` (the server
 * refuses to run as root), trust auth, a free port on 127.0.0.1.
 */
export async function startPostgres(): Promise<PostgresServer> {
  ensurePostgresInstalled();
  const dir = mkdtempSync(join(tmpdir(), 'jmswap-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const r = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, cmd), ...args], {
          encoding: 'utf8',
        })
      : spawnSync(join(PG_BIN, cmd), args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
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
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
