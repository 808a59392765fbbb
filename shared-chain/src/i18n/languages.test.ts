import {
  LANGUAGE_KEY,
  browserLanguage,
  languageFromQuery,
  pickLanguage,
  rememberLanguage,
  storedLanguage,
} from './languages';

const store = new Map<string, string>();
beforeAll(() => {
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
  });
});
beforeEach(() => store.clear());

it('a link says the language with ?lang=, in any case; anything else is ignored', () => {
  expect(languageFromQuery('?lang=zh-CN')).toBe('zh-CN');
  expect(languageFromQuery('?lang=ZH-cn&slippage=50')).toBe('zh-CN');
  expect(languageFromQuery('?lang=fr')).toBeUndefined();
  expect(languageFromQuery('?lang=<script>')).toBeUndefined();
});

it('the browser decides a first visit: any Chinese picks Simplified Chinese', () => {
  expect(browserLanguage(['zh-TW', 'en'])).toBe('zh-CN');
  expect(browserLanguage(['en-GB', 'zh-CN'])).toBe('en');
  expect(browserLanguage(['fr-FR'])).toBe('en');
  expect(browserLanguage([])).toBe('en');
});

it('a stored choice outlives the browser language; a corrupt one counts as none', () => {
  rememberLanguage('zh-CN');
  expect(storedLanguage()).toBe('zh-CN');
  expect(pickLanguage('')).toBe('zh-CN');
  store.set(LANGUAGE_KEY, '{"lang":"zh"}');
  expect(storedLanguage()).toBeUndefined();
});

it("a link's language wins over the stored choice, for that page only", () => {
  rememberLanguage('en');
  expect(pickLanguage('?lang=zh-CN')).toBe('zh-CN');
  expect(storedLanguage()).toBe('en');
});
