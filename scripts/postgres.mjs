// A PostgreSQL server of our own for `npm run start:prod`: Debian's binaries (the `postgresql`
// package; `npm run start:prod` installs it when missing), a data directory that survives
// restarts, one database, trust authentication on 127.0.0.1 only. PostgreSQL refuses to run as
// root: as root, its directory belongs to the `postgres` user and every command runs as that
// user (runuser). pg_ctl starts the server in a session of its own, so a Ctrl-C in the terminal
// does not reach it: whoever starts it stops it (stopPostgres).
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const asRoot = process.getuid?.() === 0;

/** The newest Debian PostgreSQL's bin directory, or undefined when none is installed. */
export function pgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

function bin() {
  const found = pgBin();
  if (!found)
    throw new Error(
      'PostgreSQL is not installed: `apt-get install postgresql` (npm run start:prod does it for you)',
    );
  return found;
}

/** Runs a PostgreSQL program (as `postgres` when we are root); throws with its output. */
function run(program, args, { check = true } = {}) {
  const path = join(bin(), program);
  const r = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', path, ...args], { encoding: 'utf8', cwd: '/' })
    : spawnSync(path, args, { encoding: 'utf8', cwd: '/' });
  if (check && r.status !== 0)
    throw new Error(`${program} failed: ${(r.stderr || r.stdout || `exit ${r.status}`).trim()}`);
  return r;
}

/** Makes `path` the server's when we are root (it refuses to run as root). */
function own(path) {
  if (asRoot) chownSync(path, ...postgresIds());
}

let ids;
function postgresIds() {
  ids ??= ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString()));
  return ids;
}

/** Whether a server runs on the data directory under `dir` (`pg_ctl status`). */
export function postgresRunning(dir) {
  const data = join(dir, 'data');
  return (
    existsSync(join(data, 'PG_VERSION')) &&
    run('pg_ctl', ['-D', data, 'status'], { check: false }).status === 0
  );
}

/** `pg_ctl stop -m fast`: connections are cut, the server shuts down cleanly. */
export function stopPostgres(dir) {
  if (postgresRunning(dir)) run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
}

/**
 * Starts the server on 127.0.0.1:`port` with its data in `dir`/data (created by initdb the first
 * time) and its log in `logFile`, creates `database` when it is missing, and returns its url
 * and its data directory.
 */
export function startPostgres({ dir, port, logFile, database = 'jmswap' }) {
  const data = join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  own(dir);
  closeSync(openSync(logFile, 'a'));
  own(logFile);
  if (!existsSync(join(data, 'PG_VERSION')))
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C']);
  run('pg_ctl', [
    ...['-D', data, '-l', logFile, '-w', '-t', '60'],
    ...['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`],
    'start',
  ]);
  const psql = (sql) =>
    run('psql', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      'postgres',
      '-tAc',
      sql,
    ]).stdout.trim();
  if (psql(`SELECT 1 FROM pg_database WHERE datname = '${database}'`) !== '1')
    psql(`CREATE DATABASE ${database}`);
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, data };
}
