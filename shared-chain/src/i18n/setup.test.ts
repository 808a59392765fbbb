import type { I18n } from '@lingui/core';
import { announceChange, i18n, setTranslator } from './setup';

describe("a remote's bundled copy of the i18n instance (feature code imports it by path)", () => {
  const copy = (): typeof import('./setup') => {
    let module: typeof import('./setup') | undefined;
    jest.isolateModules(() => {
      module = jest.requireActual<typeof import('./setup')>('./setup');
    });
    return module as typeof import('./setup');
  };

  afterEach(() => setTranslator(undefined));

  it("makes its texts in the page's language and hears the page's changes", () => {
    const other = copy();
    expect(other.i18n).not.toBe(i18n);
    const heard = jest.fn();
    const stop = other.i18n.on('change', heard);
    const before = other.i18n.version;
    setTranslator({ locale: 'zh-CN', _: () => '兑换' } as unknown as I18n);
    expect(other.i18n.locale).toBe('zh-CN');
    expect(other.i18n._({ id: 'swap', message: 'Swap' })).toBe('兑换');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(other.i18n.version).toBe(before + 1);
    stop();
    announceChange();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('is English from the message in the code until another language is in force', () => {
    expect(copy().i18n._({ id: 'x', message: 'Hello {name}', values: { name: 'Ann' } })).toBe(
      'Hello Ann',
    );
  });
});
