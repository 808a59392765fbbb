// The `Range` request header (RFC 9110 §14.1.2 and §14.2), read for a file of a known size.
// sirv reads it itself and wrongly (`bytes=0-0` gives the whole file, a reversed range throws
// inside fs.createReadStream and stops the server), so the app server answers ranges here.

const SPEC = /^(?:(\d+)-(\d*)|-(\d+))$/;

/** A decimal digit string as a number, or Infinity past 2^53 (a first byte that far is unsatisfiable). */
function position(digits) {
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : Infinity;
}

/**
 * What to answer for `header` on a file of `size` bytes:
 * - `{ start, end }` (inclusive): one satisfiable range, answered 206;
 * - `'whole'`: several ranges, answered 200 with the whole file (RFC 9110 lets a server ignore
 *   a Range header; multipart/byteranges is not worth having for scripts and styles);
 * - `'malformed'` or `'unsatisfiable'`: answered 416 with `Content-Range: bytes *\/size`.
 */
function readRange(header, size) {
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return 'malformed';
  const specs = header
    .slice(eq + 1)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (specs.length === 0) return 'malformed';
  const ranges = [];
  for (const spec of specs) {
    const m = SPEC.exec(spec);
    if (!m) return 'malformed';
    if (m[3] !== undefined) {
      // `-N`: the last N bytes.
      const length = position(m[3]);
      if (length === 0 || size === 0) ranges.push(undefined);
      else ranges.push({ start: Math.max(0, size - length), end: size - 1 });
      continue;
    }
    const first = position(m[1]);
    const last = m[2] === '' ? Infinity : position(m[2]);
    // A last position before the first makes the whole header invalid (§14.1.2).
    if (last < first) return 'malformed';
    ranges.push(first >= size ? undefined : { start: first, end: Math.min(last, size - 1) });
  }
  const satisfiable = ranges.filter(Boolean);
  if (satisfiable.length === 0) return 'unsatisfiable';
  return specs.length === 1 ? satisfiable[0] : 'whole';
}

module.exports = { readRange };
