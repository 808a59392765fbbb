import { parseWidgetOptions, slippageBpsOf, LAUNCHPAD_MIN_SLIPPAGE_BPS } from './options';

const parse = (raw: unknown) => {
  const warnings: string[] = [];
  const options = parseWidgetOptions(raw, (m) => warnings.push(m));
  return { options, warnings };
};

describe('widget options', () => {
  it('keeps every option of the spec when its value is valid', () => {
    const raw = {
      tokens: ['TRX', 'JM', 'USDT'],
      fromToken: 'TRX',
      toToken: 'JM',
      launchPad: true,
      liquidityTab: false,
      shadow: '0 4px 12px rgba(0, 0, 0, 0.4)',
      backgroundColor: '#101820',
      backgroundImage: 'https://partner.example/images/bg.png',
      textColor: 'white',
      buttonStyle: { backgroundColor: '#ff8800', color: '#000', borderRadius: '12px' },
      maxButtonStyle: { color: 'rgb(255, 136, 0)', fontWeight: '700' },
      headingStyle: { fontSize: '1.25rem', textTransform: 'uppercase', letterSpacing: '0.1em' },
      lightBranding: true,
      tabNavStyle: { borderColor: 'hsl(200, 50%, 40%)', padding: '4px 8px' },
      tabNavActiveStyle: { backgroundColor: '#0f766e', boxShadow: 'none' },
      host: 'https://partner.example',
      network: 'BSC',
      slippage: 1.5,
      theme: 'light',
      language: 'zh-CN',
    };
    const { options, warnings } = parse(raw);
    expect(warnings).toEqual([]);
    expect(options).toEqual(raw);
  });

  it.each([
    ['backgroundImage', 'url(javascript:alert(1))'],
    ['backgroundImage', 'javascript:alert(1)'],
    ['backgroundImage', 'http://partner.example/bg.png'],
    ['backgroundImage', 'https://partner.example/page.html'],
    ['backgroundImage', 'https://partner.example/a.png")}body{display:none'],
    ['backgroundImage', 'data:image/png;base64,AAAA'],
    ['backgroundColor', 'expression(alert(1))'],
    ['backgroundColor', 'red;background:url(https://evil.example/x.png)'],
    ['textColor', '</style><script>alert(1)</script>'],
    ['textColor', 'x'.repeat(5000)],
    ['shadow', '0 0 5px url(https://evil.example/track.png)'],
    ['shadow', '0 0 5px red}body{display:none'],
    ['network', 'MOON'],
    ['slippage', 90],
    ['slippage', '5'],
    ['slippage', -1],
    ['tokens', 'TRX,JM'],
    ['tokens', ['<img src=x onerror=alert(1)>']],
    ['fromToken', 'TRX"><script>'],
    ['launchPad', 'yes'],
    ['host', 'javascript:alert(1)'],
    ['theme', 'sepia'],
    ['theme', true],
    ['language', 'zh'],
    ['language', 'fr'],
  ])('drops %s = %j with a warning', (key, value) => {
    const { options, warnings } = parse({ [key]: value, toToken: 'JM' });
    expect(options).toEqual({ toToken: 'JM' });
    expect(warnings).toEqual([expect.stringContaining(key)]);
  });

  it('keeps the valid properties of a style block and drops the others', () => {
    const { options, warnings } = parse({
      buttonStyle: {
        color: '#fff',
        backgroundImage: 'url(javascript:alert(1))',
        behavior: 'url(x.htc)',
        fontSize: 'expression(alert(1))',
        borderRadius: '8px',
      },
      headingStyle: '</style><script>alert(1)</script>',
    });
    expect(options).toEqual({ buttonStyle: { color: '#fff', borderRadius: '8px' } });
    expect(warnings).toHaveLength(4);
  });

  it('ignores unknown options and oversized messages', () => {
    expect(parse({ onload: 'alert(1)' }).options).toEqual({});
    const huge = parse({ tokens: Array.from({ length: 2000 }, (_, i) => `T${i}`) });
    expect(huge.options).toEqual({});
    expect(huge.warnings[0]).toMatch(/larger than/);
    expect(parse(null).options).toEqual({});
    expect(parse(['network', 'BSC']).options).toEqual({});
  });
});

describe('slippage from the options', () => {
  it('converts percent to basis points', () => {
    expect(slippageBpsOf({ slippage: 1.5 })).toBe(150);
    expect(slippageBpsOf({})).toBeUndefined();
  });

  it('raises it to at least 10% in launchPad mode', () => {
    expect(slippageBpsOf({ launchPad: true })).toBe(LAUNCHPAD_MIN_SLIPPAGE_BPS);
    expect(slippageBpsOf({ launchPad: true, slippage: 3 })).toBe(1000);
    expect(slippageBpsOf({ launchPad: true, slippage: 20 })).toBe(2000);
  });
});
