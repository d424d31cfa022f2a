// A bound on how deeply JSON may nest. JSON.parse itself takes any depth, but what walks the value
// afterwards (settings checks, environment expansion, merges, JSON.stringify) recurses, and ~3000
// levels overflow the stack: a crash with a stack trace instead of an error naming the place. Input is
// refused at the limit before any walk; a hook whose answer passes it gave an invalid answer.

/** Far beyond any real settings file, event or answer; well inside what every walk can recurse. */
export const MAX_JSON_DEPTH = 1000;

/** Offset of the first `[` or `{` that opens level `max + 1`, or -1; strings are skipped. */
export function depthOverflow(text: string, max = MAX_JSON_DEPTH): number {
  // Each level needs an opening bracket: a shorter text cannot pass the limit (the usual case, at no cost).
  if (text.length <= max) return -1;
  // Nor can a text with at most `max` brackets that open: counting them with indexOf (native) is far
  // cheaper than the scan below, which runs cold and interpreted on every settings file of a run.
  if (openers(text, max) <= max) return -1;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) {
      // Past the closing quote: a backslash escapes the next character, whatever it is.
      for (i++; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5c) i++;
        else if (c === 0x22) break;
      }
    } else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return i;
    } else if (ch === 0x5d || ch === 0x7d) {
      depth--;
    }
  }
  return -1;
}

/** How many `{` and `[` the text holds (strings included), counted up to `max + 1`. */
function openers(text: string, max: number): number {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let i = text.indexOf(bracket); i !== -1; i = text.indexOf(bracket, i + 1)) if (++count > max) return count;
  }
  return count;
}

/** The message of a too-deep text, in V8's shape (`… in JSON at position N`) so parse-error readers place it. */
export function tooDeepMessage(offset: number, max = MAX_JSON_DEPTH): string {
  return `nested deeper than ${max} levels (hookrun's limit) in JSON at position ${offset}`;
}

/** JSON.parse, refusing text nested past the limit with a SyntaxError that names the position. */
export function parseJsonBounded(text: string): unknown {
  const offset = depthOverflow(text);
  if (offset !== -1) throw new SyntaxError(tooDeepMessage(offset));
  return JSON.parse(text);
}
