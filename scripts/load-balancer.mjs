// HAProxy (Debian's package) in front of the api instances, with the config in
// deploy/haproxy/jmswap-api.cfg: the one a real machine runs, its addresses from the environment.
// `npm run start:prod` installs the package when missing (scripts/ensure-install.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './stack.mjs';

export const HAPROXY = '/usr/sbin/haproxy';
export const LB_CONFIG = join(root, 'deploy/haproxy/jmswap-api.cfg');

/** The environment deploy/haproxy/jmswap-api.cfg reads its addresses from. */
export function balancerEnv({ port, adminPort, apiPorts }) {
  if (apiPorts.length !== 2) throw new Error('deploy/haproxy/jmswap-api.cfg names two instances');
  return {
    JMSWAP_LB_BIND: `127.0.0.1:${port}`,
    JMSWAP_LB_ADMIN_BIND: `127.0.0.1:${adminPort}`,
    JMSWAP_API_1: `127.0.0.1:${apiPorts[0]}`,
    JMSWAP_API_2: `127.0.0.1:${apiPorts[1]}`,
  };
}

/**
 * Starts HAProxy in the foreground (`-db`), its request log to `output` (a file descriptor), and
 * resolves with the child once its admin listener answers. The config is checked first
 * (`haproxy -c`): a broken one is said with HAProxy's own words and nothing starts.
 */
export async function startLoadBalancer({ env, output, detached = false, onSpawn = () => {} }) {
  if (!existsSync(HAPROXY))
    throw new Error(
      'HAProxy is not installed: `apt-get install haproxy` (npm run start:prod does it)',
    );
  const fullEnv = { ...process.env, ...env };
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', LB_CONFIG], {
    env: fullEnv,
    encoding: 'utf8',
  });
  if (check.status !== 0)
    throw new Error(`${LB_CONFIG} is refused by haproxy -c:\n${check.stderr || check.stdout}`);
  const child = spawn(HAPROXY, ['-db', '-f', LB_CONFIG], {
    env: fullEnv,
    stdio: ['ignore', output, output],
    detached,
  });
  onSpawn(child);
  const stats = `http://${env.JMSWAP_LB_ADMIN_BIND}/stats;csv`;
  const deadline = Date.now() + 15000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`haproxy exited (${child.signalCode ?? `code ${child.exitCode}`})`);
    if (
      await fetch(stats).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not answer on ${env.JMSWAP_LB_ADMIN_BIND}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Each api server's state as HAProxy sees it: { api1: 'UP', api2: 'DOWN', ... }. */
export async function balancerStates(adminBind) {
  const csv = await (await fetch(`http://${adminBind}/stats;csv`)).text();
  const states = {};
  for (const line of csv.split('\n')) {
    const cols = line.split(',');
    if (cols[0] === 'api' && cols[1] && !['FRONTEND', 'BACKEND'].includes(cols[1]))
      states[cols[1]] = cols[17];
  }
  return states;
}
