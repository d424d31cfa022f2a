// Text from hooks and repositories reaches a terminal through the text reports: a `reason` holding
// `ESC]0;…` retitles the window, `ESC[2J` clears it, a `\r` or a newline overwrites or forges the
// outcome line. The text renderers show such characters as visible escapes; JSON output keeps them
// as the data they are (JSON.stringify escapes them anyway).
import { maskBeforeShortening } from './mask.js';

// C0 controls, DEL, C1 controls (U+009B is a one-character CSI), the line and paragraph separators,
// and the bidirectional overrides and isolates that reorder what is shown.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escape(ch: string): string {
  const code = ch.charCodeAt(0);
  return NAMED[ch] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
}

/** `text` with every control character shown as an escape (`\x1b`, `\r`); `keepNewlines` for hookrun's own multi-line messages. */
export function printable(text: string, keepNewlines = false): string {
  const pattern = keepNewlines ? CONTROL_BUT_NEWLINE : CONTROL;
  pattern.lastIndex = 0;
  // Masked before the escapes change how a secret is written (a PEM key's line breaks).
  return pattern.test(text) ? maskBeforeShortening(text).replace(pattern, escape) : text;
}
