import {
  browserLanguage,
  LANGUAGE_KEY,
  LANGUAGES,
  languageFromQuery,
  pickLanguage,
} from '@jmswap/shared-chain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_LANGUAGE_ATTRIBUTE, languageAt, markFirstLanguage } from './languageEarly';

describe("the first frame's language", () => {
  it('is the one the page then starts in, for every link, stored value and browser', () => {
    const searches = [
      '',
      '?lang=zh-CN',
      '?lang=ZH-cn',
      '?lang=en',
      '?lang=fr',
      '?n=BSC&lang=zh-cn',
    ];
    const stored = [null, ...LANGUAGES.map((l) => l.code), 'fr', '', 'zh'];
    const browsers = [[], ['en-US'], ['zh-TW', 'en'], ['fr-FR', 'zh'], ['ZH-HK'], ['de']];
    for (const search of searches)
      for (const kept of stored)
        for (const preferred of browsers) {
          localStorage.clear();
          if (kept !== null) localStorage.setItem(LANGUAGE_KEY, kept);
          const expected =
            languageFromQuery(search) ??
            (LANGUAGES.some((l) => l.code === kept) ? kept : browserLanguage(preferred));
          expect([search, kept, preferred, languageAt(search, kept, preferred)]).toEqual([
            search,
            kept,
            preferred,
            expected,
          ]);
          // This browser's own languages, as the page reads them.
          expect(languageAt(search, kept, navigator.languages)).toBe(pickLanguage(search));
        }
  });

  it('marks <html> with it, names it in lang, and titles the page in it', () => {
    document.title = 'Pools | JMSwap';
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta name="jm-title-zh-CN" content="资金池 | JMSwap">',
    );
    localStorage.setItem(LANGUAGE_KEY, 'zh-CN');
    window.history.replaceState(null, '', '/pools');
    markFirstLanguage();
    expect(document.documentElement.getAttribute(FIRST_LANGUAGE_ATTRIBUTE)).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(document.title).toBe('资金池 | JMSwap');
    document.title = 'Pools | JMSwap';
    window.history.replaceState(null, '', '/pools?lang=en');
    markFirstLanguage();
    expect(document.documentElement.getAttribute(FIRST_LANGUAGE_ATTRIBUTE)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Pools | JMSwap');
    // The index's Liquidity tab, in either language.
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta name="jm-title-en-addLiquidity" content="Liquidity | JMSwap">' +
        '<meta name="jm-title-zh-CN-addLiquidity" content="流动性 | JMSwap">',
    );
    window.history.replaceState(null, '', '/?t=addLiquidity');
    markFirstLanguage();
    expect(document.title).toBe('流动性 | JMSwap');
    localStorage.clear();
    markFirstLanguage();
    expect(document.title).toBe('Liquidity | JMSwap');
    document.head.querySelectorAll('meta[name^="jm-title"]').forEach((m) => m.remove());
  });

  it("has a rule in styles.css that shows each language's frame", () => {
    const css = readFileSync(join(__dirname, 'styles.css'), 'utf8');
    for (const { code } of LANGUAGES.filter((l) => l.code !== 'en')) {
      expect(css).toContain(
        `html[data-first-language='${code}'] .jm-prerendered[data-language='${code}']`,
      );
      expect(css).toContain(
        `html[data-first-language='${code}'] .jm-prerendered[data-language='en']`,
      );
    }
  });
});
