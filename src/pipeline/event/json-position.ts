// Where JSON.parse failed, when its message does not say (V8 names the token and quotes the text, but
// gives no position for an unexpected token): a small scanner over the JSON grammar that returns the
// offset of the first character that cannot continue a valid document.

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** The offset of the first character that makes `text` invalid JSON (text.length when it ends too early). */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (at: number): never => {
    throw new Stop(at);
  };
  const skip = () => {
    while (i < text.length && WS.has(text.charCodeAt(i))) i++;
  };
  const literal = (word: string) => {
    for (const char of word) {
      if (text[i] !== char) fail(i);
      i++;
    }
  };
  const string = () => {
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) fail(i);
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i++;
        return;
      }
      if (code < 0x20) fail(i);
      if (code === 0x5c) {
        i++;
        const escape = text[i];
        if (escape === 'u') {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) fail(i + k);
          i += 5;
        } else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) i++;
        else fail(i);
      } else i++;
    }
  };
  const digits = () => {
    const start = i;
    while (/[0-9]/.test(text[i] ?? '')) i++;
    if (i === start) fail(i);
  };
  const number = () => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') {
      i++;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  const value = (): void => {
    skip();
    const char = text[i];
    if (char === '{') {
      i++;
      skip();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        skip();
        if (text[i] !== '"') fail(i);
        string();
        skip();
        if (text[i] !== ':') fail(i);
        i++;
        value();
        skip();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail(i);
      }
    }
    if (char === '[') {
      i++;
      skip();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        skip();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail(i);
      }
    }
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    if (char === '-' || /[0-9]/.test(char ?? '')) return number();
    fail(i);
  };
  try {
    value();
    skip();
    return Math.min(i, text.length);
  } catch (error) {
    if (error instanceof Stop) return error.at;
    throw error;
  }
}

class Stop {
  constructor(readonly at: number) {}
}
