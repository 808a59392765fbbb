import { requestCount } from './helpers';
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
