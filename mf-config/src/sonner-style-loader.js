// sonner (the shell's toasts) inserts its stylesheet as a <style> element when its module runs;
// the pages' Content-Security-Policy refuses inline style elements (csp.js). The build removes
// that call, and the shell imports sonner/dist/styles.css, the same rules, as a stylesheet of
// its toasts chunk. A sonner whose code no longer has the call fails the build here, so an
// upgrade cannot bring the <style> element back unnoticed.
const INSERT_CALL = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;

module.exports = function sonnerStyleLoader(source) {
  if (!INSERT_CALL.test(source)) {
    this.emitError(
      new Error(
        `${this.resourcePath}: sonner's __insertCSS("...") call was not found; check how this version injects its styles (mf-config/src/sonner-style-loader.js)`,
      ),
    );
    return source;
  }
  return source.replace(INSERT_CALL, '');
};

module.exports.INSERT_CALL = INSERT_CALL;
