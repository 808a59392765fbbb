import { parseWidgetOptions } from './options';
import { applyWidgetStyle, STYLE_TARGETS } from './style';

const cssText = (sheet: CSSStyleSheet) =>
  Array.from(sheet.cssRules)
    .map((r) => r.cssText)
    .join('\n');

describe('widget style', () => {
  it('sets validated values on fixed selectors', () => {
    const sheet = applyWidgetStyle(
      document,
      parseWidgetOptions({
        backgroundColor: '#101820',
        backgroundImage: 'https://partner.example/bg.png',
        buttonStyle: { backgroundColor: '#ff8800', borderRadius: '12px' },
      }),
    );
    const button = Array.from(sheet.cssRules).find(
      (r) => (r as CSSStyleRule).selectorText === STYLE_TARGETS.buttonStyle,
    ) as CSSStyleRule;
    expect(button.style.getPropertyValue('border-radius')).toBe('12px');
    expect(cssText(sheet)).toContain('https://partner.example/bg.png');
  });

  it('lets no hostile value reach the document', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sheet = applyWidgetStyle(
      document,
      parseWidgetOptions({
        textColor: '</style><script>window.pwned = 1</script>',
        backgroundImage: 'url(javascript:alert(1))',
        shadow: 'expression(alert(1))',
        headingStyle: { color: 'red;}</style><script>alert(1)</script>' },
      }),
    );
    expect(cssText(sheet)).toBe('');
    expect(document.querySelectorAll('script')).toHaveLength(0);
    // No <style> element at all (the policy refuses them): a sheet the document adopted.
    expect(document.querySelectorAll('style')).toHaveLength(0);
    expect(document.adoptedStyleSheets).toEqual([sheet]);
    expect(warn).toHaveBeenCalledTimes(4);
    warn.mockRestore();
  });

  it('replaces the previous rules when applied again', () => {
    applyWidgetStyle(document, parseWidgetOptions({ textColor: 'red' }));
    const sheet = applyWidgetStyle(document, parseWidgetOptions({ textColor: 'blue' }));
    expect(sheet.cssRules).toHaveLength(1);
    expect(cssText(sheet)).toContain('blue');
  });
});
