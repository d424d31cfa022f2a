// Matchers, judged with the planner's own rules (matcherContext, matchEntry): what each event
// compares its matcher with, and whether anything the agent sends can ever match it.
import { matchEntry, matcherContext, type MatcherContext } from '../../plan.js';
import { exactMatcherTrap } from '../../traps.js';
import { REGEX_BUDGET_MS } from '../../../../pipeline/regex.js';
import type { HookEventName } from '../../events.js';
import type { Location } from '../../../../pipeline/types.js';
import type { Definition } from '../model.js';
import { GEMINI_TOOLS, aimsAtDynamicTools, suggestTool } from '../tools.js';
import { isObjectLike, type Report, type Rule } from './types.js';

export const matcherRules: Rule = (model, report) => {
  for (const definition of model.definitions) {
    if (!isObjectLike(definition.value)) continue;
    const matcher = definition.value.matcher;
    // Gemini tests `!matcher` first: absent, "", 0, false and null all match everything.
    if (!matcher) continue;
    const location = definition.locate(['matcher']);
    const kind = kindOf(definition.event);
    if (kind === 'none') {
      checkIgnored(definition, matcher, location, report);
    } else if (typeof matcher !== 'string') {
      report(
        'matcher-not-string',
        `matcher ${JSON.stringify(matcher)} is not a string: Gemini CLI's planner fails on it, and then no ${definition.event} hook runs at all.`,
        location,
        'Write the matcher as a string.',
      );
    } else if (isWildcard(matcher)) {
    } else if (kind === 'exact') {
      checkExact(definition.event, matcher.trim(), location, report);
    } else {
      checkTool(matcher.trim(), location, report);
    }
  }
};

function kindOf(event: HookEventName): MatcherContext['kind'] {
  // A stand-in input with every field set: what remains 'none' ignores matchers altogether.
  return matcherContext(event, { tool_name: 'x', source: 'x', reason: 'x', trigger: 'x' }).kind;
}

const isWildcard = (matcher: string) => matcher.trim() === '' || matcher.trim() === '*';

function checkIgnored(definition: Definition, matcher: unknown, location: Location | undefined, report: Report): void {
  if (typeof matcher === 'string' && isWildcard(matcher)) return;
  // The documented Notification example: its only notification type, so the matcher is harmless.
  if (definition.event === 'Notification' && matcher === 'ToolPermission') return;
  report(
    'matcher-ignored',
    `${definition.event} ignores matchers: this hook runs on every ${definition.event} event, whatever matcher ${JSON.stringify(matcher)} says.`,
    location,
    definition.event === 'Notification'
      ? 'Remove the matcher, and filter on notification_type or details inside the hook if needed.'
      : 'Remove the matcher, or filter inside the hook on the event fields.',
  );
}

function checkExact(event: HookEventName, pattern: string, location: Location | undefined, report: Report): void {
  const trap = exactMatcherTrap(event, pattern);
  if (trap) report(trap.code, trap.message, location, trap.fix);
}

function checkTool(pattern: string, location: Location | undefined, report: Report): void {
  try {
    new RegExp(pattern);
  } catch (error) {
    report(
      'matcher-invalid-regex',
      `matcher "${pattern}" is not a valid regular expression (${(error as Error).message}); Gemini CLI then compares it as a plain string, so it fires only for a tool named exactly "${pattern}".`,
      location,
      'Fix the regular expression, or escape its special characters to match a name literally.',
    );
    return;
  }
  const hang = hangingTool(pattern);
  if (hang !== undefined) {
    report(
      'matcher-hangs',
      `matcher "${pattern}" backtracks without end: on tool "${hang}" it did not finish within ${REGEX_BUDGET_MS} ms. Gemini CLI would hang here, on every tool call of that name; hookrun stops the match and reports the hook as one that cannot run.`,
      location,
      'Rewrite the regular expression without a repeated group whose alternatives overlap or a run of unbounded quantifiers (e.g. "^(\\w|.)*Z$" or ".*.*.*Z" → "Z$"), or list the tool names: "^(read_file|write_file)$".',
    );
    return;
  }
  const words = simpleAlternatives(pattern);
  if (!words) {
    if (aimsAtDynamicTools(pattern) || matchedTools(pattern).length > 0) return;
    const hints = (pattern.match(/[A-Za-z_]+/g) ?? []).flatMap((word) => suggestTool(word)?.tool ?? []);
    report(
      'matcher-unknown-tool',
      `matcher "${pattern}" matches none of Gemini CLI's tools (${GEMINI_TOOLS.slice(0, 8).join(', ')}, …). MCP tools are named mcp_<server>_<tool>.`,
      location,
      hints.length > 0 ? `Did you mean ${[...new Set(hints)].map((tool) => `"${tool}"`).join(' or ')}?` : 'Use a Gemini CLI tool name.',
    );
    return;
  }
  for (const word of words.names) checkToolWord(pattern, word, words.anchored, location, report);
}

function checkToolWord(pattern: string, word: string, anchored: boolean, location: Location | undefined, report: Report): void {
  if (GEMINI_TOOLS.includes(word) || aimsAtDynamicTools(word)) return;
  const matched = anchored ? [] : matchedTools(word);
  const suggestion = suggestTool(word);
  const within = pattern === word ? '' : ` (in "${pattern}")`;
  if (matched.length === 0) {
    report(
      'matcher-unknown-tool',
      `"${word}"${within} matches none of Gemini CLI's tools${suggestion ? ` (${suggestion.because})` : ''}. MCP tools are named mcp_<server>_<tool>.`,
      location,
      suggestion ? `Write "${suggestion.tool}".` : `Use a Gemini CLI tool name, e.g. ${GEMINI_TOOLS.slice(0, 4).join(', ')}.`,
    );
    return;
  }
  const intended = suggestion && matched.includes(suggestion.tool) ? suggestion.tool : matched.length === 1 ? matched[0] : undefined;
  report(
    'matcher-unanchored',
    `"${word}"${within} is not a tool name; matchers are unanchored regexes, so it fires for every tool whose name contains it: ${matched.join(', ')} (and any MCP tool whose name contains it).`,
    location,
    intended ? `Write "${intended}" (or "^${intended}$" to exclude MCP tools that contain it).` : `Name the tools you mean: "^(${matched.join('|')})$".`,
  );
}

/** `a|b|c` (optionally `^(a|b)$`) made of plain name characters: names to check one by one. */
function simpleAlternatives(pattern: string): { names: string[]; anchored: boolean } | undefined {
  const anchored = /^\^\(?[\w|-]+\)?\$$/.test(pattern);
  const body = anchored ? pattern.replace(/^\^\(?/, '').replace(/\)?\$$/, '') : pattern;
  if (!/^[\w-]+(\|[\w-]+)*$/.test(body)) return undefined;
  return { names: body.split('|'), anchored };
}

/** The first of Gemini's tools on which the matcher runs past hookrun's budget; the probe stops there (each costs the budget). */
function hangingTool(pattern: string): string | undefined {
  return GEMINI_TOOLS.find((tool) => {
    const verdict = matchEntry(pattern, { kind: 'tool', value: tool });
    return 'hangs' in verdict && verdict.hangs === true;
  });
}

function matchedTools(pattern: string): string[] {
  return GEMINI_TOOLS.filter((tool) => {
    const verdict = matchEntry(pattern, { kind: 'tool', value: tool });
    return 'matches' in verdict && verdict.matches;
  });
}
