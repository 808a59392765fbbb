import { activateLanguage } from '../i18n';
import { INSUFFICIENT_BALANCE, localText, notEnoughEnergyOrTrxMessage } from './errors';
import { simulationFailureText } from './simulation';
import { estimatedFeeText } from './tronFee';
import { swapPreviewText } from './preview';

// shared-chain's own texts in Simplified Chinese from the real catalogue.
beforeAll(() => activateLanguage('zh-CN'));
afterAll(() => activateLanguage('en'));

test('an error constant stays English for the code and reads Chinese on the screen', () => {
  expect(INSUFFICIENT_BALANCE).toBe('Insufficient balance');
  expect(localText(INSUFFICIENT_BALANCE)).toBe('余额不足');
  expect(localText('Not one of the catalogue')).toBe('Not one of the catalogue');
});

test('the TRON fee texts are Chinese, TRX untranslated', () => {
  expect(notEnoughEnergyOrTrxMessage(30)).toBe(
    '您的能量或 TRX 不足以完成此交易。请至少保留 30 TRX 用于支付手续费。',
  );
  expect(estimatedFeeText(12_400_000n, 0n)).toBe('预估网络费用：12.4 TRX（您有 0 能量）');
});

test('a simulated swap and a failed simulation read in Chinese, token symbols kept', () => {
  const trx = { amount: 1_000_000n, symbol: 'TRX', decimals: 6 };
  const jm = { amount: 2_000_000_000_000_000_000n, symbol: 'JM', decimals: 18 };
  expect(swapPreviewText('exactIn', trx, jm, 1_000_000_000_000_000_000n)).toBe(
    '模拟结果：从您的钱包转出 1 TRX，收到 2 JM（至少 1 JM）。',
  );
  expect(simulationFailureText('swap', 'JMSwap: EXPIRED').message).toBe(
    '此兑换将会失败：已超过截止时间。请重试。',
  );
});
