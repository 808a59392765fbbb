import { TronWeb } from 'tronweb';
import { startTronNetwork } from './src/tron/index';
import { productionNetwork } from './src/config/production';
import { KEYS } from './src/tron/test-support';
(async () => {
  const net = await startTronNetwork({ network: productionNetwork('TRON'), devAccounts: [TronWeb.address.fromPrivateKey(KEYS[1]!) as string], port: 18797, anvilPort: 18706, history: { swaps: 0, days: 1 } });
  try {
    const t = new TronWeb({ fullHost: net.devnode.url, privateKey: KEYS[1]! });
    const me = t.defaultAddress.base58 as string;
    const c = net.config; const T = (s: string) => c.tokens[s]!.address;
    const router: any = await t.contract().at(c.exchange.ROUTER_ADDRESS);
    const dl = Math.floor(Date.now() / 1000) + 600;
    const tx = (n: number[]) => n.map((p) => '0x' + p.toString(16).padStart(64, '0'));
    const show = async (label: string, id: string) => { const i: any = await t.trx.getTransactionInfo(id); console.log(label, i.receipt.result, 'energy', i.receipt.energy_usage_total, 'net', i.receipt.net_usage ?? i.receipt.net_fee, 'fee', i.fee); };
    await show('approve JM', await (await t.contract().at(T('JM')) as any).approve(c.exchange.ROUTER_ADDRESS, (1n << 256n) - 1n).send({ feeLimit: 1e8 }));
    await show('TRX->USDT', await router.swapExactBaseForTokens(0, [T('TRX'), T('USDT')], tx([0, 0]), me, dl).send({ feeLimit: 1e8, callValue: 1e7 }));
    await show('TRX->JM', await router.swapExactBaseForTokens(0, [T('TRX'), T('JM')], tx([0, 3]), me, dl).send({ feeLimit: 1e8, callValue: 1e7 }));
    await show('JM->TRX', await router.swapExactTokensForBase(10n ** 12n, 0, [T('JM'), T('TRX')], tx([3, 0]), me, dl).send({ feeLimit: 1e8 }));
    await show('TRX->JM->USDT', await router.swapExactBaseForTokens(0, [T('TRX'), T('JM'), T('USDT')], tx([0, 3, 0]), me, dl).send({ feeLimit: 1e8, callValue: 1e7 }));
  } finally { await net.stop(); }
})().catch((e) => { console.error(e); process.exit(1); });
