import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseLogLines } from './test/observe';

it('the lines logged before exit come out whole and in order, even with the thread pool busy', async () => {
  const child = spawn(process.execPath, [join(__dirname, 'test/log-exit-child.mjs')], {
    env: { ...process.env, UV_THREADPOOL_SIZE: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += String(c)));
  // 'close', not 'exit': stdout may still hold data when the process has exited.
  const code = await new Promise((resolve) => child.once('close', (c) => resolve(c)));
  expect(code).toBe(3);
  expect(parseLogLines(out).map((l) => l.msg)).toEqual(['first', 'indexer stopped', 'api stopped']);
}, 30_000);
