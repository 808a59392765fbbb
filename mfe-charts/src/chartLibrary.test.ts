import { dateFormats } from './chartLibrary';

/** The locales of the Intl date formatters made while `work` runs. */
function datesLocales(work: () => void): Set<string> {
  const made = new Set<string>();
  const Original = Intl.DateTimeFormat;
  const spy = jest
    .spyOn(Intl, 'DateTimeFormat')
    .mockImplementation((locale?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) => {
      made.add(String(locale ?? document.documentElement.lang));
      return new Original(locale, options);
    });
  try {
    work();
  } finally {
    spy.mockRestore();
  }
  return made;
}

describe('dateFormats', () => {
  it('loads every locale Highcharts formats dates with, before Highcharts is evaluated', () => {
    document.documentElement.lang = 'en';
    // jsdom has no CSS.supports, which Highcharts reads when it is evaluated.
    Object.assign(window, { CSS: { supports: () => false } });
    const loaded = datesLocales(() => dateFormats().forEach((make) => make()));
    const highcharts = datesLocales(() => {
      jest.isolateModules(() => {
        const Highcharts = require('highcharts') as typeof import('highcharts');
        // A chart's own time (month and weekday names), its date reads (axis ticks) and labels.
        const time = new Highcharts.Time();
        time.toParts(Date.UTC(2026, 10, 26));
        time.dateFormat('%e %b %H:%M', Date.UTC(2026, 10, 26));
      });
    });
    expect(highcharts.size).toBeGreaterThan(0);
    for (const locale of highcharts) expect(loaded).toContain(locale);
  });
});
