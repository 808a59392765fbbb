// The devnode's HTTP side and blocks: node info, chain parameters, CORS, query parameters.
import { TronWeb } from 'tronweb';
import { url, tokenB58, tw, withTestDevnode } from './test-node';

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
