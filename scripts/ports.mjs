// Which ports the local stack needs, and a check before anything starts: a port that is taken
// is named with the app that wanted it and, on Linux, the process that holds it and how to
// stop it, instead of a raw EADDRINUSE stack trace after a minute of building.
import { createRequire } from 'node:module';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import net from 'node:net';

const require = createRequire(import.meta.url);
const mf = require('@jmswap/mf-config');

/** Every port `npm start` listens on, with the app that wants it. */
export function stackPorts() {
  return [
    ...Object.entries(mf.APPS).map(([app, { port }]) => ({ port, app })),
    { port: 8088, app: 'widget demo (partner page)' },
    { port: 8070, app: 'api' },
    { port: 8090, app: 'TRON devnode' },
    { port: 8545, app: 'TRON devnode anvil' },
    { port: 8546, app: 'BSC anvil' },
    { port: 8547, app: 'POLY anvil' },
    { port: 8548, app: 'BTTC anvil' },
    { port: 8549, app: 'ETH anvil' },
    { port: 8086, app: 'WalletConnect relay' },
  ];
}

/**
 * The ports `npm run start:prod` listens on: away from npm start's (8070-8090, 8545-8549) and
 * the e2e suite's (9070-9090, 9545-9549), so the three run side by side. Each app 1000 below
 * its npm start port, its metrics listener 100 above that.
 */
export const PROD_PORTS = {
  apps: Object.fromEntries(Object.entries(mf.APPS).map(([app, { port }]) => [app, port - 1000])),
  metrics: Object.fromEntries(Object.entries(mf.APPS).map(([app, { port }]) => [app, port - 900])),
  api: [7070, 7071],
  apiAdmin: [7170, 7171],
  /** HAProxy in front of the api instances (networks.json's api.url), and its /metrics, /stats. */
  balancer: 7060,
  balancerAdmin: 7160,
  postgres: 7432,
  devnet: {
    TRON: 7090,
    TRON_ANVIL: 7545,
    BSC: 7546,
    POLY: 7547,
    BTTC: 7548,
    ETH: 7549,
    WC_RELAY: 7086,
  },
};

/** Every port `npm run start:prod` listens on, with what wants it. */
export function prodStackPorts() {
  return [
    ...Object.entries(PROD_PORTS.apps).map(([app, port]) => ({ port, app })),
    ...Object.entries(PROD_PORTS.metrics).map(([app, port]) => ({ port, app: `${app} metrics` })),
    ...PROD_PORTS.api.map((port, i) => ({ port, app: `api ${i + 1}` })),
    ...PROD_PORTS.apiAdmin.map((port, i) => ({ port, app: `api ${i + 1} admin` })),
    { port: PROD_PORTS.balancer, app: 'api load balancer' },
    { port: PROD_PORTS.balancerAdmin, app: 'api load balancer admin' },
    { port: PROD_PORTS.postgres, app: 'PostgreSQL' },
    ...Object.entries(PROD_PORTS.devnet).map(([chain, port]) => ({
      port,
      app:
        chain === 'TRON'
          ? 'TRON devnode'
          : chain === 'WC_RELAY'
            ? 'WalletConnect relay'
            : `${chain.replace('_ANVIL', '')} anvil`,
    })),
  ];
}

/** Resolves true when nothing listens on 127.0.0.1:port (we can bind it and let go). */
export function portIsFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The listening sockets' inodes for `port`, from /proc/net/tcp and tcp6 (Linux only). */
function listeningInodes(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols[1] local address "IP:PORT", cols[3] state (0A = LISTEN), cols[9] inode
      if (cols.length > 9 && cols[1].endsWith(`:${hexPort}`) && cols[3] === '0A')
        inodes.add(cols[9]);
    }
  }
  return inodes;
}

/** The process that holds `port` open for listening, if this system lets us see it. */
export function holderOf(port) {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return undefined;
  let pids;
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let fds;
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let link;
      try {
        link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode && inodes.has(inode)) {
        let command = '';
        try {
          command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
        } catch {
          // gone meanwhile
        }
        return { pid: Number(pid), command };
      }
    }
  }
  return undefined;
}

/** What to tell the user about one taken port. */
export function takenPortMessage({ port, app }, holder) {
  const lines = [`port ${port} (${app}) is already in use`];
  if (holder) {
    const command =
      holder.command.length > 120 ? `${holder.command.slice(0, 117)}...` : holder.command;
    lines.push(`  held by process ${holder.pid}: ${command || '(command unknown)'}`);
    lines.push(
      /start(-prod)?\.mjs|serve-cli|devnet|anvil|api\.mjs|\.run\/prod\/pg/.test(holder.command)
        ? `  another JMSwap stack seems to be running: stop it (Ctrl-C in its terminal, or kill ${holder.pid})`
        : `  stop that program (kill ${holder.pid}) or free the port`,
    );
  } else {
    lines.push(
      '  stop the program that listens on it (e.g. `ss -ltnp` shows which) or free the port',
    );
  }
  return lines.join('\n');
}

/** Every taken port of the stack, each with its message; empty when all are free. */
export async function takenPorts(ports = stackPorts()) {
  const taken = [];
  for (const entry of ports) {
    if (await portIsFree(entry.port)) continue;
    taken.push({ ...entry, message: takenPortMessage(entry, holderOf(entry.port)) });
  }
  return taken;
}
