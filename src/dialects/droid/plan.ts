// Factory Droid's matchers (docs/droid.md, observed in 0.225.2): absent, "" or "*" match every tool; a
// matcher equal to the tool name matches; anything else is a JavaScript RegExp tested unanchored, so
// "Exec" matches "Execute" (Claude Code would read "Exec" as an exact name); an invalid one matches
// nothing. A group's `commandRegex` narrows it further to the calls whose `tool_input.command` it matches.
// Every matching hook runs, in parallel, project hooks before user hooks.
import type { JsonObject, Plan, RegistryEntry, ResolvedConfig } from '../../pipeline/types.js';
import { boundedTest, hangReason } from '../../pipeline/regex.js';
import { planGroups } from '../claude/groups.js';
import type { MatchVerdict } from '../claude/matcher.js';
import { DROID_TOOL_EVENTS } from './events.js';

/** An unanchored JavaScript RegExp test, as Droid does it, under hookrun's time budget. */
function regexVerdict(pattern: string, value: string, what: string): MatchVerdict {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch (error) {
    return { matches: false, rule: `"${pattern}" is not a valid regular expression (${(error as Error).message}), so Droid matches nothing with it` };
  }
  const matches = boundedTest(regex, value);
  if (matches === undefined) return { matches: true, rule: hangReason(pattern, value, 'Factory Droid'), hangs: true };
  return { matches, rule: `regex /${pattern}/ (unanchored) ${matches ? 'matches' : 'does not match'} ${what} "${value}"` };
}

export function matchDroid(matcher: unknown, tool: string): MatchVerdict {
  if (matcher === undefined || matcher === '' || matcher === '*')
    return { matches: true, rule: matcher ? `matcher "${matcher}" matches every tool` : 'no matcher: matches every tool' };
  if (typeof matcher !== 'string') return { matches: false, rule: 'the matcher is not a string' };
  if (matcher === tool) return { matches: true, rule: `tool_name "${tool}" is the matcher` };
  return regexVerdict(matcher, tool, 'tool_name');
}

export function droidVerdict(entry: RegistryEntry, input: JsonObject): MatchVerdict {
  if (!DROID_TOOL_EVENTS.has(entry.event)) return { matches: true, rule: `${entry.event} has no matcher in Droid, so every hook runs` };
  const tool = typeof input.tool_name === 'string' ? input.tool_name : '';
  const verdict = matchDroid(entry.matcher, tool);
  const commandRegex = entry.config.commandRegex;
  if (!verdict.matches || verdict.hangs || typeof commandRegex !== 'string') return verdict;
  const toolInput = input.tool_input as JsonObject | undefined;
  const command = typeof toolInput?.command === 'string' ? toolInput.command : undefined;
  if (command === undefined) return { matches: false, rule: `commandRegex "${commandRegex}" is set and the call has no tool_input.command` };
  return regexVerdict(commandRegex, command, 'tool_input.command');
}

export function planDroid(config: ResolvedConfig, event: string, input: JsonObject): Plan {
  return planGroups(config, event, input, droidVerdict, 'Factory Droid runs every matching hook in parallel');
}
