// The devnode's HTTP side and blocks: node info, chain parameters, CORS, query parameters.
import { TronWeb } from 'tronweb';
import { post, url, tokenB58, tw, withTestDevnode } from './test-node';

withTestDevnode(18701, 18791);

describe('node basics', () => {
  test('isConnected, blocks, node info, chain parameters', async () => {
    const t = tw();
    const c = await t.isConnected();
    expect(c.fullNode && c.solidityNode && c.eventServer).toBe(true);
    const block = await t.trx.getCurrentBlock();
    expect(block.blockID).toMatch(/^[0-9a-f]{64}$/);
    expect(parseInt(block.blockID.slice(0, 16), 16)).toBe(block.block_header.raw_data.number);
    const params = await t.trx.getChainParameters();
    expect(params.find((p) => p.key === 'getEnergyFee')?.value).toBe(100);
    const info = await t.trx.getNodeInfo();
    expect(String((info as { block: string }).block)).toMatch(/^Num:\d+,ID:/);
    const b = await t.trx.getBlock(block.block_header.raw_data.number);
    expect(b.blockID).toBe(block.blockID);
  });

  test("the genesis block's id ends in the chain id, as on TRON (what tells a client which chain a node is on)", async () => {
    const genesis = await post('/wallet/getblock', { id_or_num: '0', detail: false });
    // anvil runs with TRON mainnet's block.chainid: the id ends as mainnet's (…2b6653dc).
    expect(String(genesis.blockID)).toMatch(/^0{16}[0-9a-f]{40}2b6653dc$/);
    expect(await post('/wallet/getblockbyid', { value: genesis.blockID })).toMatchObject({
      blockID: genesis.blockID,
    });
    const first = (await post('/wallet/getblockbynum', { num: 1 })) as {
      block_header?: { raw_data?: { parentHash?: string } };
    };
    expect(first.block_header?.raw_data?.parentHash).toBe(genesis.blockID);
  });

  test('CORS preflight, GET query params, empty-body POST', async () => {
    const pre = await fetch(url + '/wallet/triggersmartcontract', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toContain('content-type');
    const got = (await (
      await fetch(`${url}/wallet/getcontract?value=${TronWeb.address.toHex(tokenB58)}`)
    ).json()) as Record<string, unknown>;
    expect(got.contract_address).toBe(TronWeb.address.toHex(tokenB58));
    const empty = await fetch(url + '/wallet/getchainparameters', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(
      ((await empty.json()) as { chainParameter: unknown[] }).chainParameter.length,
    ).toBeGreaterThan(5);
    expect((await fetch(url + '/healthcheck')).status).toBe(200);
  });
});
