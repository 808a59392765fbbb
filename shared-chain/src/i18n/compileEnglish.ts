// The messages written in the code are English ICU MessageFormat. Other languages arrive
// compiled by `lingui compile`; English is compiled here, at first use, by this small subset
// of ICU (text, {name}, {n, plural|select|selectordinal, key {…}}, #, '' and '{…}' quoting)
// instead of Lingui's full compiler (@messageformat/parser, 4 KiB gzip on every first load).
// compileEnglish.test.ts proves that it gives exactly what Lingui's compiler gives for every
// message in every catalogue, so a message outside the subset fails the tests, not a user.
export type CompiledPart = string | [string] | [string, string, Record<string, CompiledMessage>];
export type CompiledMessage = CompiledPart[];

const ARGUMENT = /^\s*([\w.-]+)\s*(?:\}|,\s*(plural|select|selectordinal)\s*,)/;
const CASE = /^\s*=?([\w-]+)\s*\{/;

/** Lingui's compiled form of an English source message. */
export function compileEnglish(message: string): CompiledMessage | string {
  if (!/[{}'#]/.test(message)) return message;
  let i = 0;
  const fail = (): never => {
    throw new Error(`Message outside the supported ICU subset: ${message}`);
  };
  const text = (plural: boolean, nested: boolean): CompiledMessage => {
    const out: CompiledMessage = [];
    let run = '';
    while (i < message.length) {
      const c = message[i]!;
      const next = message[i + 1];
      if (c === '}') {
        if (!nested) fail();
        break;
      }
      if (c === "'" && next === "'") {
        run += c;
        i += 2;
      } else if (c === "'" && (next === '{' || next === '}' || (plural && next === '#'))) {
        const end = message.indexOf("'", i + 1);
        if (end < 0) fail();
        run += message.slice(i + 1, end);
        i = end + 1;
      } else if (c === '{' || (c === '#' && plural)) {
        if (run) out.push(run);
        run = '';
        i += 1;
        out.push(c === '#' ? c : argument());
      } else {
        run += c;
        i += 1;
      }
    }
    if (run) out.push(run);
    return out;
  };
  const argument = (): CompiledPart => {
    const arg = ARGUMENT.exec(message.slice(i)) ?? fail();
    i += arg[0].length;
    const [, name = '', kind] = arg;
    if (!kind) return [name];
    const cases: Record<string, CompiledMessage> = {};
    for (let c = CASE.exec(message.slice(i)); c; c = CASE.exec(message.slice(i))) {
      i += c[0].length;
      // Lingui keys an exact case `=0` as `0`
      cases[c[1]!] = text(kind !== 'select', true);
      if (message[i++] !== '}') fail();
    }
    const end = /^\s*\}/.exec(message.slice(i));
    if (!end || !Object.keys(cases).length) fail();
    i += end![0].length;
    return [name, kind, cases];
  };
  const out = text(false, false);
  if (i < message.length) fail();
  return out;
}
