import { i18n } from './setup';
import { activateLanguage, registerCatalog } from './catalogs';
import { resetCatalogsForTests } from './switching';

const confirm = { id: 'confirm', message: 'Confirm Swap' };
const simulated = {
  id: 'simulated',
  message: 'You receive {amount}',
  values: { amount: '1.5 JM' },
};

afterEach(() => resetCatalogsForTests());

it('shows English from the code, with no catalogue and no Lingui runtime loaded', () => {
  expect(i18n.locale).toBe('en');
  expect(i18n._(confirm)).toBe('Confirm Swap');
  expect(i18n._(simulated)).toBe('You receive 1.5 JM');
});

it('switches only once every registered catalogue of the language is in', async () => {
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  registerCatalog('swap', async () => ({ messages: { confirm: ['确认兑换'] } }));
  registerCatalog('charts', async () => {
    await slow;
    return { messages: { simulated: ['您将收到 ', ['amount']] } };
  });
  const changes = jest.fn();
  const off = i18n.on('change', changes);
  const switching = activateLanguage('zh-CN');
  await new Promise((r) => setTimeout(r, 10));
  expect(i18n._(confirm)).toBe('Confirm Swap');
  release();
  await switching;
  off();
  expect(i18n.locale).toBe('zh-CN');
  expect(i18n._(confirm)).toBe('确认兑换');
  expect(i18n._(simulated)).toBe('您将收到 1.5 JM');
  expect(changes).toHaveBeenCalledTimes(1);
});

it('keeps the current language when a catalogue does not load, and says so', async () => {
  registerCatalog('swap', async () => {
    throw new Error('offline');
  });
  await expect(activateLanguage('zh-CN')).rejects.toThrow('offline');
  expect(i18n.locale).toBe('en');
  expect(i18n._(confirm)).toBe('Confirm Swap');
});

it('the last choice wins when the visitor switches again before the loads end', async () => {
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  registerCatalog('swap', async () => {
    await slow;
    return { messages: { confirm: ['确认兑换'] } };
  });
  const first = activateLanguage('zh-CN');
  await activateLanguage('en');
  release();
  await first;
  expect(i18n.locale).toBe('en');
  expect(i18n._(confirm)).toBe('Confirm Swap');
});

it('an app registered after the switch loads its own catalogue at once', async () => {
  registerCatalog('swap', async () => ({ messages: { confirm: ['确认兑换'] } }));
  await activateLanguage('zh-CN');
  await registerCatalog('pools', async () => ({ messages: { simulated: ['池 ', ['amount']] } }));
  expect(i18n._(simulated)).toBe('池 1.5 JM');
});

it('back to English drops the translations at once', async () => {
  registerCatalog('swap', async () => ({ messages: { confirm: ['确认兑换'] } }));
  await activateLanguage('zh-CN');
  await activateLanguage('en');
  expect(i18n._(confirm)).toBe('Confirm Swap');
});

it('translates the built code, which carries no ids: the id comes from the English text', async () => {
  const { generateMessageId } = await import('@lingui/message-utils/generateMessageId');
  registerCatalog('swap', async () => ({
    messages: {
      [generateMessageId('Confirm Swap')]: ['确认兑换'],
      [generateMessageId('Max', 'slippage')]: ['最大'],
    },
  }));
  await activateLanguage('zh-CN');
  expect(i18n._({ message: 'Confirm Swap' })).toBe('确认兑换');
  expect(i18n._({ message: 'Max', context: 'slippage' })).toBe('最大');
  expect(i18n._({ message: 'Not in any catalogue' })).toBe('Not in any catalogue');
});
