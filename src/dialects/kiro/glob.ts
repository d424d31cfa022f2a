// Kiro CLI compiles a matcher with a `*` or `?` in it as a Rust `globset` glob with default options
// (docs/kiro.md "Matchers", rule 5). This is that compiler, pure: the same tokens (`?`, `*`, `**` forms, `[...]` classes,
// `{a,b}` alternates, `\` escapes), the same errors, and the same anchored, case-sensitive regex where
// `*` and `?` also cross `/`. globset matches bytes, so the regex here runs over the UTF-8 bytes of the
// name (one char per byte): `?` is one byte, as there.

type Token =
  | { kind: 'literal'; char: string }
  | { kind: 'any' }
  | { kind: 'zeroOrMore' }
  | { kind: 'recursivePrefix' }
  | { kind: 'recursiveSuffix' }
  | { kind: 'recursiveZeroOrMore' }
  | { kind: 'class'; negated: boolean; ranges: [string, string][] }
  | { kind: 'alternates'; branches: Token[][] };

export type GlobResult = { ok: true; regex: RegExp } | { ok: false; error: string };

class GlobError extends Error {}

const isSeparator = (c: string | undefined): boolean => c === '/';

class Parser {
  private readonly chars: string[];
  private pos = 0;
  private prev: string | undefined;
  private cur: string | undefined;
  private readonly alternates: number[] = [];
  readonly branches: Token[][] = [[]];

  constructor(glob: string) {
    this.chars = Array.from(glob);
  }

  parse(): void {
    for (let c = this.bump(); c !== undefined; c = this.bump()) {
      if (c === '?') this.push({ kind: 'any' });
      else if (c === '*') this.parseStar();
      else if (c === '[') this.parseClass();
      else if (c === '{') {
        this.alternates.push(this.branches.length);
        this.branches.push([]);
      } else if (c === '}') this.popAlternate();
      else if (c === ',' && this.alternates.length > 0) this.branches.push([]);
      else if (c === '\\') {
        const escaped = this.bump();
        if (escaped === undefined) throw new GlobError('dangling "\\" at the end');
        this.push({ kind: 'literal', char: escaped });
      } else this.push({ kind: 'literal', char: c });
    }
    if (this.branches.length > 1) throw new GlobError('unclosed "{"');
  }

  private bump(): string | undefined {
    this.prev = this.cur;
    this.cur = this.chars[this.pos++];
    return this.cur;
  }

  private peek(): string | undefined {
    return this.chars[this.pos];
  }

  private current(): Token[] {
    const branch = this.branches[this.branches.length - 1];
    if (!branch) throw new GlobError('unopened "}"');
    return branch;
  }

  private push(token: Token): void {
    this.current().push(token);
  }

  private popAlternate(): void {
    const start = this.alternates.pop();
    if (start === undefined) throw new GlobError('"}" without a matching "{"');
    const branches = this.branches.splice(start);
    this.push({ kind: 'alternates', branches });
  }

  // `**` is recursive only next to a `/` (or at either end); anywhere else it is two `*`.
  private parseStar(): void {
    const prev = this.prev;
    if (this.peek() !== '*') return this.push({ kind: 'zeroOrMore' });
    this.bump();
    const twoStars = (): void => {
      this.push({ kind: 'zeroOrMore' });
      this.push({ kind: 'zeroOrMore' });
    };
    if (this.current().length === 0) {
      const next = this.peek();
      if (next !== undefined && !isSeparator(next)) return twoStars();
      this.push({ kind: 'recursivePrefix' });
      this.bump();
      return;
    }
    if (!isSeparator(prev) && (this.branches.length <= 1 || (prev !== ',' && prev !== '{'))) return twoStars();
    let isSuffix: boolean;
    const next = this.peek();
    if (next === undefined) {
      this.bump();
      isSuffix = true;
    } else if ((next === ',' || next === '}') && this.branches.length >= 2) {
      isSuffix = true;
    } else if (isSeparator(next)) {
      this.bump();
      isSuffix = false;
    } else {
      return twoStars();
    }
    const popped = this.current().pop();
    if (popped?.kind === 'recursivePrefix' || popped?.kind === 'recursiveSuffix') this.push(popped);
    else this.push({ kind: isSuffix ? 'recursiveSuffix' : 'recursiveZeroOrMore' });
  }

  private parseClass(): void {
    const ranges: [string, string][] = [];
    let negated = false;
    if (this.peek() === '!' || this.peek() === '^') {
      this.bump();
      negated = true;
    }
    let first = true;
    let inRange = false;
    for (;;) {
      const c = this.bump();
      if (c === undefined) throw new GlobError('unclosed "["');
      if (c === ']' && !first) break;
      if (c === ']' || (c === '-' && first)) {
        ranges.push([c, c]);
      } else if (c === '-' && !inRange) {
        inRange = true;
      } else if (inRange) {
        const last = ranges[ranges.length - 1]!;
        last[1] = c;
        if (last[1].codePointAt(0)! < last[0].codePointAt(0)!) throw new GlobError(`invalid range ${last[0]}-${last[1]}`);
        inRange = false;
      } else {
        ranges.push([c, c]);
      }
      first = false;
    }
    if (inRange) ranges.push(['-', '-']);
    this.push({ kind: 'class', negated, ranges });
  }
}

/** A character as regex source matching its UTF-8 bytes (escaped, so it is literal anywhere, in classes too). */
function literal(char: string): string {
  let out = '';
  for (const byte of Buffer.from(char, 'utf8')) {
    out += /[A-Za-z0-9_]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

// Rust's byte-mode `.` is any byte but a newline; so is `[^\n]` over a one-char-per-byte string.
const ANY = '[^\\n]';

function toRegexSource(tokens: readonly Token[]): string {
  let re = '';
  for (const token of tokens) {
    switch (token.kind) {
      case 'literal':
        re += literal(token.char);
        break;
      case 'any':
        re += ANY;
        break;
      case 'zeroOrMore':
        re += `${ANY}*`;
        break;
      case 'recursivePrefix':
        re += `(?:\\/?|${ANY}*\\/)`;
        break;
      case 'recursiveSuffix':
        re += `\\/${ANY}*`;
        break;
      case 'recursiveZeroOrMore':
        re += `(?:\\/|\\/${ANY}*\\/)`;
        break;
      case 'class':
        re += `[${token.negated ? '^' : ''}${token.ranges.map(([a, b]) => (a === b ? literal(a) : `${literal(a)}-${literal(b)}`)).join('')}]`;
        break;
      case 'alternates': {
        // Empty alternatives are dropped (globset's default), so `{,a}` is just `a`.
        const parts = token.branches.map(toRegexSource).filter((part) => part !== '');
        if (parts.length > 0) re += `(?:${parts.join('|')})`;
        break;
      }
    }
  }
  return re;
}

/** Compiles a glob the way Kiro's matcher does; an invalid glob is an error (Kiro then never matches). */
export function compileGlob(glob: string): GlobResult {
  const parser = new Parser(glob);
  try {
    parser.parse();
  } catch (error) {
    if (error instanceof GlobError) return { ok: false, error: error.message };
    throw error;
  }
  const tokens = parser.branches[0]!;
  const body = tokens.length === 1 && tokens[0]!.kind === 'recursivePrefix' ? `${ANY}*` : toRegexSource(tokens);
  return { ok: true, regex: new RegExp(`^${body}$`) };
}

/** The subject a compiled glob is tested against: the name's UTF-8 bytes, one char each. */
export function globSubject(name: string): string {
  return Buffer.from(name, 'utf8').toString('latin1');
}

/** Does this glob match the name? (Compiles each time; the planner caches per matcher.) */
export function globMatches(glob: string, name: string): boolean {
  const compiled = compileGlob(glob);
  return compiled.ok && compiled.regex.test(globSubject(name));
}
