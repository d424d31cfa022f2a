// The .env format as Gemini CLI reads it, for the file it loads at start-up (env-file.ts) and for
// extension settings (extensions.ts): the `parse` function of the dotenv package (17.1.0 in Gemini
// CLI's packages/cli/package.json). dotenv's grammar is one global, multi-line regular expression, so
// it has quirks a line-by-line reader (or Node's util.parseEnv, which differs on several of them and
// between Node versions) would not share. They decide what a hook sees, so they are kept:
// - an entry is `[export ]KEY=VALUE` or `KEY: VALUE` (after a colon, whitespace is required); KEY is
//   ASCII letters, digits, `_`, `.` and `-`; text that does not fit is skipped
// - the whitespace before an entry and around `=` may span line breaks (a BOM counts as whitespace)
// - a value in '…', "…" or `…` may span lines and keeps `#`; an unquoted one ends at `#` or the end
//   of its line; then the value is trimmed
// - only the outer quotes go (when the trimmed value starts and ends with the same one); a backslash
//   before a quote stays; in a value that starts with `"`, the sequences \n and \r become a line feed
//   and a carriage return, quoted or not
// - CRLF and a lone CR are line breaks; a later entry for a key wins; a key `__proto__` is lost
//   (assigning it on a plain object changes nothing), as with dotenv.

/** The parts of an entry, in the order dotenv tries them (the first quoted form that fits wins). */
const KEY = String.raw`([\w.-]+)`;
const SEPARATOR = String.raw`(?:\s*=\s*?|:\s+?)`;
const quoted = (quote: string) => String.raw`\s*${quote}(?:\\${quote}|[^${quote}])*${quote}`;
const UNQUOTED = String.raw`[^#\r\n]+`;
const VALUE = `(${quoted("'")}|${quoted('"')}|${quoted('`')}|${UNQUOTED})?`;
const ENTRY_SOURCE = String.raw`^\s*(?:export\s+)?${KEY}${SEPARATOR}${VALUE}\s*(?:#.*)?$`;

const QUOTES = new Set(["'", '"', '`']);

/** Parses .env text as dotenv.parse does (see the rules above). */
export function parseDotenv(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  const source = text.replace(/\r\n?/g, '\n');
  // A fresh expression per call: a global one keeps its lastIndex between calls.
  const entry = new RegExp(ENTRY_SOURCE, 'gm');
  for (let match = entry.exec(source); match !== null; match = entry.exec(source)) {
    result[match[1]!] = dotenvValue(match[2] ?? '');
  }
  return result;
}

function dotenvValue(raw: string): string {
  let value = raw.trim();
  const first = value[0];
  if (first !== undefined && QUOTES.has(first) && value.length >= 2 && value.endsWith(first)) value = value.slice(1, -1);
  return first === '"' ? value.replace(/\\n/g, '\n').replace(/\\r/g, '\r') : value;
}
