// Codex's matcher rule (docs/sources.md §X1.4) is Claude Code's classic one: absent, "" or "*" match everything;
// only `[A-Za-z0-9_|]` is an exact, case-sensitive name or `|` list; anything else is an unanchored
// regex. Claude's matcher code decides; this file adds only where Rust's `regex` crate and JavaScript's
// RegExp differ: leading inline flags (`(?i)`) are Rust syntax, look-around and backreferences are not.
import { classifyMatcher, matchClaude, type MatcherKind, type MatchVerdict } from '../claude/matcher.js';
import { DEFAULT_PROFILE } from '../claude/version.js';
import { CODEX_MATCHER_ALIASES } from './tool-aliases.js';
import { boundedTest, hangReason, linearEngineConsequence } from '../../pipeline/regex.js';

const RUST_ONLY_FLAGS = /^\(\?([imsU]+)\)/;
const NOT_IN_RUST = /\(\?<?[=!]|\\[1-9]|\\k</;

/** How Codex reads the matcher; `error` set for a pattern Codex's regex crate rejects (the group is dropped). */
export function codexMatcher(matcher: string | undefined): MatcherKind {
  if (matcher !== undefined && NOT_IN_RUST.test(matcher)) {
    return { kind: 'regex', error: "Rust's regex has no look-around and no backreferences" };
  }
  const flags = matcher === undefined ? undefined : RUST_ONLY_FLAGS.exec(matcher);
  if (!flags) return classifyMatcher(matcher, DEFAULT_PROFILE, true);
  if (flags[1]!.includes('U')) return { kind: 'regex', error: 'the swap-greed flag (?U) is not supported by hookrun' };
  try {
    return { kind: 'regex', regex: new RegExp(matcher!.slice(flags[0].length), flags[1]) };
  } catch (error) {
    return { kind: 'regex', error: (error as Error).message };
  }
}

/** Codex's regex crate never backtracks: where hookrun's match runs out of budget, Codex has its answer. */
const codexHangs = (matcher: string, value: string): MatchVerdict => ({
  matches: true,
  hangs: true,
  rule: hangReason(matcher, value, 'Codex', linearEngineConsequence('Codex', 'Rust regex engine')),
});

export function matchCodex(matcher: string | undefined, value: string, field: string): MatchVerdict {
  const kind = codexMatcher(matcher);
  if (kind.kind !== 'regex' || (kind.regex && !RUST_ONLY_FLAGS.test(matcher!))) {
    const verdict = matchClaude(matcher, value, field, DEFAULT_PROFILE, true);
    return verdict.hangs ? codexHangs(matcher!, value) : verdict;
  }
  if (!kind.regex) return { matches: false, rule: `matcher "${matcher}" is not a valid regular expression (${kind.error}), so it matches nothing` };
  const matches = boundedTest(kind.regex, value);
  if (matches === undefined) return codexHangs(matcher!, value);
  return { matches, rule: `regex /${matcher}/ (unanchored) ${matches ? 'matches' : 'does not match'} ${field} "${value}"` };
}

/**
 * A tool event's matcher against the tool name, then against the names Codex also matches that tool under
 * (tool-aliases.ts): the first name that matches decides. A handler runs once however many names match.
 */
export function matchCodexTool(matcher: string | undefined, toolName: string, field: string): MatchVerdict {
  const own = matchCodex(matcher, toolName, field);
  const aliases = Object.hasOwn(CODEX_MATCHER_ALIASES, toolName) ? CODEX_MATCHER_ALIASES[toolName]! : [];
  if (own.matches || aliases.length === 0) return own;
  const also = `Codex also matches ${field} "${toolName}" as ${aliases.map((a) => `"${a}"`).join(' and ')}`;
  for (const alias of aliases) {
    const verdict = matchCodex(matcher, alias, field);
    if (verdict.matches) return { ...verdict, rule: `${also}: ${verdict.rule}` };
  }
  return { matches: false, rule: `${own.rule}; ${also}, and the matcher fits neither` };
}
