/**
 * `npm run wallet -- [options] [wc:…]`: the test wallet by hand, against the stack `npm start`
 * runs. It pairs with the link the site's QR dialog shows, approves the session, and signs every
 * request with a dev key, printing each; typed commands make its user refuse, move chains or
 * end the session.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { LOCAL_CONFIG_PATH } from '../config/production';
import type { NetworksFile } from '../config/types';
import { ANVIL_KEYS } from '../deploy/deployNetwork';
import { TestWallet } from './wallet';

const HELP = `commands:
  pair <wc:…>        pair with a link the site shows
  refuse             refuse the next request (as a user pressing Reject)
  refuse-switch on|off  refuse or accept chain switch requests
  chain <BSC|POLY|BTTC|ETH>  move the wallet to that network's chain
  disconnect         end the session from the wallet
  sessions           list the open sessions
  quit`;

export interface WalletCliOptions {
  config: string;
  account: number;
  network: string;
  uri?: string;
}

export function parseWalletArgs(argv: readonly string[]): WalletCliOptions {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const account = Number(value('--account') ?? 1);
  if (!Number.isInteger(account) || account < 0 || account >= ANVIL_KEYS.length)
    throw new Error(`--account: a dev account 0-${ANVIL_KEYS.length - 1}`);
  return {
    config: value('--config') ?? LOCAL_CONFIG_PATH,
    account,
    network: (value('--network') ?? 'BSC').toUpperCase(),
    uri: argv.find((a) => a.startsWith('wc:')),
  };
}

export async function runWalletCli(argv: readonly string[]): Promise<void> {
  const opts = parseWalletArgs(argv);
  const file = JSON.parse(readFileSync(opts.config, 'utf8')) as NetworksFile;
  const wc = file.walletConnect;
  if (!wc) throw new Error(`${opts.config} names no WalletConnect relay: is npm start running?`);
  const evm = Object.values(file.networks).filter((n) => n.platform === 'evm' && n.nodeUrl);
  const start = evm.find((n) => n.id === opts.network);
  if (!start) throw new Error(`--network: ${opts.network} is not a local EVM network`);
  // Its sessions outlive a restart of this command (the page's survive a reload).
  const database = join(dirname(opts.config), '..', 'wc-wallet', `account-${opts.account}`);
  mkdirSync(dirname(database), { recursive: true });
  const wallet = await TestWallet.start({
    relayUrl: wc.relayUrl,
    projectId: wc.projectId,
    privateKey: ANVIL_KEYS[opts.account]!,
    rpcUrls: Object.fromEntries(evm.map((n) => [n.chainId, n.nodeUrl])),
    chainId: start.chainId,
    database,
    log: (line) => console.log(`[wallet] ${line}`),
  });
  console.log(`[wallet] ${wallet.address} on ${start.name}, relay ${wc.relayUrl}`);
  console.log(HELP);
  if (opts.uri) await wallet.pair(opts.uri);

  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const [command, arg] = line.trim().split(/\s+/);
    try {
      if (command === 'pair' && arg) await wallet.pair(arg);
      else if (command === 'refuse') {
        wallet.refuseNext();
        console.log('[wallet] the next request will be refused');
      } else if (command === 'refuse-switch') wallet.refuseSwitch = arg !== 'off';
      else if (command === 'chain' && arg) {
        const net = evm.find((n) => n.id === arg.toUpperCase());
        if (!net) console.log(`[wallet] no local EVM network ${arg}`);
        else await wallet.switchChain(net.chainId);
      } else if (command === 'disconnect') await wallet.disconnect();
      else if (command === 'sessions')
        for (const s of wallet.sessions())
          console.log(`[wallet] ${s.peer.metadata.url} ${s.namespaces.eip155?.chains?.join(' ')}`);
      else if (command === 'quit') break;
      else if (command) console.log(HELP);
    } catch (error) {
      console.log(`[wallet] ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await wallet.stop();
  process.exit(0);
}
