import { requestCount } from './helpers';
import { NodePool } from '../../core/nodePool';
import { JsonRpcClient, RpcError } from './rpc';

type Body = { id: number; method: string; params: unknown[] };

/** A node that answers eth_chainId / eth_blockNumber, fails 'boom' with a JSON-RPC error, and records each HTTP body. */
function fakeNode(status = 200) {
  const bodies: unknown[] = [];
  const answer = (call: Body) =>
    call.method === 'boom'
      ? {
          jsonrpc: '2.0',
          id: call.id,
          error: { code: 3, message: 'execution reverted', data: '0x' },
        }
      : { jsonrpc: '2.0', id: call.id, result: `${call.method}:${JSON.stringify(call.params)}` };
  const fetchImpl = (async (_url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as Body | Body[];
    bodies.push(body);
    const json = Array.isArray(body) ? [...body].reverse().map(answer) : answer(body);
    return { ok: status === 200, status, statusText: 'Bad Gateway', json: async () => json };
  }) as unknown as typeof fetch;
  return { bodies, fetchImpl };
}

it('sends the calls of one moment as one HTTP request and gives each its own answer', async () => {
  const node = fakeNode();
  const url = 'http://node.test/batch';
  const client = new JsonRpcClient(url, node.fetchImpl);
  const answers = await Promise.all([
    client.send('eth_chainId'),
    client.send('eth_getBalance', ['0xabc', 'latest']),
    client.send('eth_blockNumber'),
  ]);
  expect(answers).toEqual([
    'eth_chainId:[]',
    'eth_getBalance:["0xabc","latest"]',
    'eth_blockNumber:[]',
  ]);
  expect(node.bodies).toHaveLength(1);
  expect(requestCount(url)).toBe(1);
});

it('sends a lone call unwrapped, as ethers did', async () => {
  const node = fakeNode();
  const client = new JsonRpcClient('http://node.test/lone', node.fetchImpl);
  await expect(client.send('eth_chainId')).resolves.toBe('eth_chainId:[]');
  expect(Array.isArray(node.bodies[0])).toBe(false);
});

it('rejects only the failed call with the node error, and every call when the HTTP request fails', async () => {
  const node = fakeNode();
  const client = new JsonRpcClient('http://node.test/errors', node.fetchImpl);
  const [ok, failed] = await Promise.allSettled([client.send('eth_chainId'), client.send('boom')]);
  expect(ok).toEqual({ status: 'fulfilled', value: 'eth_chainId:[]' });
  expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(RpcError);
  expect((failed as PromiseRejectedResult).reason).toMatchObject({
    code: 3,
    message: 'execution reverted',
  });

  const down = new JsonRpcClient('http://node.test/down', fakeNode(502).fetchImpl);
  await expect(Promise.all([down.send('a'), down.send('b')])).rejects.toThrow('HTTP 502');
});

it('splits more than 100 calls into several requests', async () => {
  const node = fakeNode();
  const client = new JsonRpcClient('http://node.test/many', node.fetchImpl);
  const answers = await Promise.all(
    Array.from({ length: 150 }, (_, i) => client.send('eth_call', [i])),
  );
  expect(answers[149]).toBe('eth_call:[149]');
  expect(node.bodies.map((b) => (b as unknown[]).length)).toEqual([100, 50]);
});

describe('failover between nodes', () => {
  const FIRST = 'http://first.node.test';
  const SECOND = 'http://second.node.test';
  type Answer = (body: Body | Body[]) => unknown;
  const instant = async () => undefined;

  /** A fetch double: per url, a function of the body that returns a Response-like or throws. */
  function nodes(behaviour: Record<string, Answer>) {
    const asked: { url: string; methods: string[] }[] = [];
    const fetchImpl = (async (url: string, init: { body: string; signal?: AbortSignal }) => {
      const body = JSON.parse(init.body) as Body | Body[];
      asked.push({ url, methods: (Array.isArray(body) ? body : [body]).map((b) => b.method) });
      const answer = (behaviour[url] as Answer)(body);
      if (answer === 'hang')
        return new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      return answer;
    }) as unknown as typeof fetch;
    return { asked, fetchImpl };
  }
  const respond = (status: number, json: unknown) => ({
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    json: async () => {
      if (json instanceof Error) throw json;
      return json;
    },
  });
  const ok = (body: Body | Body[]) =>
    respond(
      200,
      Array.isArray(body)
        ? body.map((b) => ({ jsonrpc: '2.0', id: b.id, result: `ok:${b.method}` }))
        : { jsonrpc: '2.0', id: body.id, result: `ok:${body.method}` },
    );
  const client = (first: Answer, options = {}) => {
    const fake = nodes({ [FIRST]: first, [SECOND]: ok });
    return {
      ...fake,
      client: new JsonRpcClient([FIRST, SECOND], fake.fetchImpl, { sleep: instant, ...options }),
    };
  };
  const quiet = () => jest.spyOn(console, 'warn').mockImplementation(() => undefined);

  it.each<[string, Answer]>([
    ['HTTP 429', () => respond(429, { jsonrpc: '2.0', id: 1, error: { code: -32005 } })],
    ['HTTP 402 (a quota)', () => respond(402, {})],
    ['HTTP 500', () => respond(500, new Error('not json'))],
    ['HTTP 503', () => respond(503, {})],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['an answer that is not JSON', () => respond(200, new SyntaxError('Unexpected token <'))],
    ['JSON that is not JSON-RPC', () => respond(200, { status: 'ok' })],
    [
      'a JSON-RPC answer to another id',
      () => respond(200, { jsonrpc: '2.0', id: 999, result: '0x1' }),
    ],
    [
      'an answer with both result and error',
      (b) => respond(200, { id: (b as Body).id, result: 1, error: {} }),
    ],
    [
      'a rate-limit error in a JSON-RPC answer',
      (b) =>
        respond(200, {
          jsonrpc: '2.0',
          id: (b as Body).id,
          error: { code: -32005, message: 'limit' },
        }),
    ],
    ['a 404 page', () => respond(404, new SyntaxError('Unexpected token <'))],
  ])('a node that fails with %s: the read goes to the next node', async (_label, first) => {
    const spy = quiet();
    const { client: c, asked } = client(first);
    await expect(c.send('eth_blockNumber')).resolves.toBe('ok:eth_blockNumber');
    expect(asked.map((a) => a.url)).toEqual([FIRST, SECOND]);
    expect(c.pool.isQuarantined(FIRST)).toBe(true);
    expect(c.pool.status()).toBe('ok');
    // Quarantined: the next read goes straight to the second node.
    await c.send('eth_chainId');
    expect(asked.map((a) => a.url)).toEqual([FIRST, SECOND, SECOND]);
    expect(spy).not.toHaveBeenCalled(); // (a client of its own pool logs nothing)
    spy.mockRestore();
  });

  it('a node that hangs: the read fails over after the timeout', async () => {
    const { client: c, asked } = client(() => 'hang', { timeoutMs: 30 });
    await expect(c.send('eth_call', [{}])).resolves.toBe('ok:eth_call');
    expect(asked.map((a) => a.url)).toEqual([FIRST, SECOND]);
    expect(c.pool.snapshot()[0]?.lastError).toBe('no answer within 0.03 s');
  });

  it('a revert (JSON-RPC error with revert data) is the answer: no other node is asked', async () => {
    const revert = (b: Body | Body[]) =>
      respond(200, {
        jsonrpc: '2.0',
        id: (b as Body).id,
        error: { code: 3, message: 'execution reverted', data: '0x08c379a0' },
      });
    const { client: c, asked } = client(revert);
    const error = await c.send('eth_estimateGas', [{}]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: 3, data: '0x08c379a0' });
    expect(asked.map((a) => a.url)).toEqual([FIRST]);
    expect(c.pool.status()).toBe('ok');
    expect(c.pool.isQuarantined(FIRST)).toBe(false);
  });

  it('a 400 with a JSON-RPC answer to every call is an answer too', async () => {
    const { client: c, asked } = client((b) =>
      respond(400, { jsonrpc: '2.0', id: (b as Body).id, error: { code: -32602, message: 'bad' } }),
    );
    await expect(c.send('eth_call', ['x'])).rejects.toMatchObject({ code: -32602 });
    expect(asked).toHaveLength(1);
  });

  it('in a batch, only the calls the node left unanswered go to the next node', async () => {
    const partial = (b: Body | Body[]) =>
      respond(
        200,
        (b as Body[])
          .filter((x) => x.method !== 'eth_getBalance')
          .map((x) => ({ jsonrpc: '2.0', id: x.id, result: `first:${x.method}` })),
      );
    const { client: c, asked } = client(partial);
    const answers = await Promise.all([
      c.send('eth_chainId'),
      c.send('eth_getBalance', ['0x1', 'latest']),
    ]);
    expect(answers).toEqual(['first:eth_chainId', 'ok:eth_getBalance']);
    expect(asked).toEqual([
      { url: FIRST, methods: ['eth_chainId', 'eth_getBalance'] },
      { url: SECOND, methods: ['eth_getBalance'] },
    ]);
  });

  it('a transaction is sent once: a failed eth_sendRawTransaction is never repeated on another node', async () => {
    const { client: c, asked } = client(() => respond(502, {}));
    await expect(c.send('eth_sendRawTransaction', ['0xf86c'])).rejects.toThrow('HTTP 502');
    expect(asked).toEqual([{ url: FIRST, methods: ['eth_sendRawTransaction'] }]);
    // The next send goes to the healthy node (once).
    await expect(c.send('eth_sendRawTransaction', ['0xf86d'])).resolves.toBe(
      'ok:eth_sendRawTransaction',
    );
    expect(asked.map((a) => a.url)).toEqual([FIRST, SECOND]);
  });

  it('every node down: the calls fail with the last failure and the pool says unreachable', async () => {
    const fake = nodes({ [FIRST]: () => respond(500, {}), [SECOND]: () => respond(429, {}) });
    const c = new JsonRpcClient([FIRST, SECOND], fake.fetchImpl, { sleep: instant });
    await expect(c.send('eth_blockNumber')).rejects.toThrow('HTTP 429');
    expect(c.pool.status()).toBe('unreachable');
    // One node answers again: the next read clears it by itself.
    const again = new JsonRpcClient(c.pool, nodes({ [FIRST]: ok, [SECOND]: ok }).fetchImpl, {
      sleep: instant,
    });
    await expect(again.send('eth_blockNumber')).resolves.toBe('ok:eth_blockNumber');
    expect(c.pool.status()).toBe('ok');
  });

  it('no node configured: every call fails and says so', async () => {
    const c = new JsonRpcClient([], nodes({}).fetchImpl);
    await expect(c.send('eth_blockNumber')).rejects.toThrow('no node configured');
  });
});

it('a result its caller refuses (accept) passes the node over: the call goes to the next node', async () => {
  const asked: string[] = [];
  const fetchImpl = (async (url: string, init: { body: string }) => {
    const call = JSON.parse(init.body) as Body;
    asked.push(url);
    const result = url.includes('liar') ? { to: '0xattacker' } : { to: '0xrouter' };
    return { ok: true, status: 200, json: async () => ({ jsonrpc: '2.0', id: call.id, result }) };
  }) as unknown as typeof fetch;
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const client = new JsonRpcClient(['http://liar.test', 'http://honest.test'], fetchImpl, {
    sleep: async () => undefined,
  });
  const accept = (r: unknown) =>
    (r as { to: string }).to === '0xrouter' ? undefined : 'gave another recipient than was sent';
  await expect(client.send('eth_getTransactionByHash', ['0x01'], { accept })).resolves.toEqual({
    to: '0xrouter',
  });
  expect(asked).toEqual(['http://liar.test', 'http://honest.test']);
  expect(client.pool.isQuarantined('http://liar.test')).toBe(true);
  // With only the liar: the call fails, saying why; nothing else is used.
  const alone = new JsonRpcClient(['http://liar2.test'], fetchImpl);
  await expect(alone.send('eth_getTransactionByHash', ['0x01'], { accept })).rejects.toThrow(
    'node answered eth_getTransactionByHash wrongly: it gave another recipient than was sent',
  );
  warn.mockRestore();
});

describe('reads beside the first check of a node', () => {
  const WRONG = 'http://other-chain.node.test';
  const RIGHT = 'http://right-chain.node.test';
  const checks = { chainId: 56, maxLagBlocks: 10, blockTimeMs: 3_000, compareWaitMs: 50 };
  /**
   * Nodes answering the pool's check (eth_chainId with the latest block) with `chainId[url]`,
   * once `release` is called, and every other call with `<url's name>:<method>` at once; all
   * but eth_getBalance at `partialAt`.
   */
  function nodes(chainId: Record<string, number>, { partialAt = '' } = {}) {
    const events: string[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const name = (url: string) => new URL(url).hostname.split('.')[0];
    const fetchImpl = (async (url: string, init: { body: string }) => {
      const calls = [JSON.parse(init.body) as Body | Body[]].flat();
      const isCheck = calls.some((c) => c.method === 'eth_getBlockByNumber');
      events.push(`${isCheck ? 'check' : calls.map((c) => c.method).join('+')} ${name(url)}`);
      if (isCheck) await released;
      const result = (c: Body) =>
        c.method === 'eth_chainId'
          ? `0x${(chainId[url] ?? 56).toString(16)}`
          : c.method === 'eth_getBlockByNumber'
            ? { number: '0x3e8', timestamp: `0x${(3_000).toString(16)}` }
            : `${name(url)}:${c.method}`;
      const answered =
        url === partialAt && !isCheck ? calls.filter((c) => c.method !== 'eth_getBalance') : calls;
      const json = answered.map((c) => ({ jsonrpc: '2.0', id: c.id, result: result(c) }));
      return {
        ok: true,
        status: 200,
        json: async () => (Array.isArray(JSON.parse(init.body)) ? json : json[0]),
      };
    }) as unknown as typeof fetch;
    return { events, release, fetchImpl };
  }
  const client = (urls: string[], fetchImpl: typeof fetch) =>
    new JsonRpcClient(new NodePool(urls, { checks }), fetchImpl, { sleep: async () => undefined });
  const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('a read goes out before the check answers, and its answer waits for the check', async () => {
    const { events, release, fetchImpl } = nodes({});
    const c = client([RIGHT], fetchImpl);
    let answered = false;
    const balance = c.send<string>('eth_getBalance', ['0x1', 'latest']).then((r) => {
      answered = true;
      return r;
    });
    await tick();
    expect(events).toEqual(['check right-chain', 'eth_getBalance right-chain']);
    expect(answered).toBe(false);
    release();
    await expect(balance).resolves.toBe('right-chain:eth_getBalance');
    // Proved: the next read goes out alone.
    await expect(c.send('eth_blockNumber')).resolves.toBe('right-chain:eth_blockNumber');
    expect(events).toHaveLength(3);
  });

  it('a node of another chain: none of its answers is used, not even the part of a batch it answered', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { release, fetchImpl } = nodes({ [WRONG]: 137 }, { partialAt: WRONG });
    release();
    const c = client([WRONG, RIGHT], fetchImpl);
    const answers = await Promise.all([
      c.send('eth_call', [{ to: '0x2' }, 'latest']),
      c.send('eth_getBalance', ['0x1', 'latest']),
    ]);
    // The wrong node answered eth_call, beside its check; the right node's answers are used.
    expect(answers).toEqual(['right-chain:eth_call', 'right-chain:eth_getBalance']);
    error.mockRestore();
  });

  it('a send never goes out before the node proved its chain', async () => {
    const { events, release, fetchImpl } = nodes({});
    const c = client([RIGHT], fetchImpl);
    const sent = c.send('eth_sendRawTransaction', ['0xf86c']);
    await tick();
    expect(events).toEqual(['check right-chain']);
    release();
    await expect(sent).resolves.toBe('right-chain:eth_sendRawTransaction');
    expect(events).toEqual(['check right-chain', 'eth_sendRawTransaction right-chain']);
  });
});
