const fs = require('node:fs');
const path = require('node:path');
const sonnerStyleLoader = require('./sonner-style-loader');

const run = (source) => {
  const errors = [];
  const out = sonnerStyleLoader.call(
    { resourcePath: 'sonner/dist/index.mjs', emitError: (e) => errors.push(e.message) },
    source,
  );
  return { out, errors };
};

describe('sonner-style-loader: toasts without an injected <style> element', () => {
  it('removes the installed sonner’s stylesheet injection and nothing else', () => {
    // The ESM build webpack bundles, beside the CommonJS one Node resolves.
    const dist = path.dirname(
      require.resolve('sonner', { paths: [path.join(__dirname, '../../shell')] }),
    );
    const source = fs.readFileSync(path.join(dist, 'index.mjs'), 'utf8');
    const { out, errors } = run(source);
    expect(errors).toEqual([]);
    expect(out).not.toMatch(/__insertCSS\(\s*"/);
    expect(out).not.toContain('[data-sonner-toaster]');
    // The rest of the module is untouched (the toaster's markup keeps its data attributes).
    expect(out).toContain('data-sonner-toaster');
    expect(source.length - out.length).toBeGreaterThan(10_000);
  });

  it('fails the build when a sonner version injects its styles another way', () => {
    const { out, errors } = run('export const toast = () => {};');
    expect(out).toBe('export const toast = () => {};');
    expect(errors).toEqual([expect.stringMatching(/__insertCSS.*not found/)]);
  });
});
