/**
 * `npm start` when a port it needs is taken (another stack still running, another program):
 * it says which port, which app wanted it and which process holds it, and starts nothing,
 * instead of a raw EADDRINUSE stack trace after building.
 */
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { repoRoot } from '../fixtures/stack';

const listen = (port: number) =>
  new Promise<net.Server | undefined>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined)); // already held (a developer's own stack)
    server.listen({ port, host: '127.0.0.1' }, () => resolve(server));
  });

const isFree = async (port: number) => {
  const server = await listen(port);
  if (!server) return false;
  await new Promise((r) => server.close(r));
  return true;
};

test('npm start with a taken port names the port, the app and the holder, and starts nothing', async () => {
  const apiWasFree = await isFree(8070);
  const bscWasFree = await isFree(8546);
  const held = await listen(8084);
  try {
    const run = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'scripts/start.mjs'), '--no-build'],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('port 8084 (mfe-pools) is already in use');
    if (held) expect(run.stderr).toContain(`held by process ${process.pid}:`);
    expect(run.stderr).toContain('nothing was started');
    expect(run.stderr).not.toContain('EADDRINUSE');
    // Nothing half-started is left behind: the api and the chains never came up.
    if (apiWasFree) expect(await isFree(8070)).toBe(true);
    if (bscWasFree) expect(await isFree(8546)).toBe(true);
  } finally {
    await new Promise((r) => (held ? held.close(r) : r(undefined)));
  }
});
