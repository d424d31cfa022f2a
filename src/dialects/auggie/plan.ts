// Augment Auggie's matchers (docs/auggie.md, observed in 0.36.0): an unanchored JavaScript RegExp on the
// tool name, absent (".*" by default), "" or ".*" matching every tool; an MCP tool (`is_mcp_tool`) is
// matched only by a pattern written `mcp:<regex>`, and such a pattern matches no other tool. Every matching
// hook runs, in parallel, in the order of the files.
import { boundedTest, hangReason } from '../../pipeline/regex.js';
import type { JsonObject, Plan, RegistryEntry, ResolvedConfig } from '../../pipeline/types.js';
import { planGroups } from '../claude/groups.js';
import type { MatchVerdict } from '../claude/matcher.js';
import { AUGGIE_TOOL_EVENTS } from './events.js';

const MCP_PREFIX = 'mcp:';

export function matchAuggie(matcher: unknown, tool: string, mcp: boolean): MatchVerdict {
  const raw = typeof matcher === 'string' ? matcher : '.*';
  const isMcpPattern = raw.startsWith(MCP_PREFIX);
  if (mcp !== isMcpPattern) {
    return {
      matches: false,
      rule: mcp ? `"${tool}" is an MCP tool, which Auggie matches only with an "mcp:" pattern` : `"${raw}" is an MCP pattern and "${tool}" is not an MCP tool`,
    };
  }
  const pattern = isMcpPattern ? raw.slice(MCP_PREFIX.length) : raw;
  if (pattern === '' || pattern === '.*') return { matches: true, rule: `matcher "${raw}" matches every ${mcp ? 'MCP ' : ''}tool` };
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch (error) {
    return { matches: false, rule: `"${pattern}" is not a valid regular expression (${(error as Error).message}), so it matches nothing` };
  }
  const matches = boundedTest(regex, tool);
  if (matches === undefined) return { matches: true, rule: hangReason(pattern, tool, 'Augment Auggie'), hangs: true };
  return { matches, rule: `regex /${pattern}/ (unanchored) ${matches ? 'matches' : 'does not match'} tool_name "${tool}"` };
}

export function auggieVerdict(entry: RegistryEntry, input: JsonObject): MatchVerdict {
  if (!AUGGIE_TOOL_EVENTS.has(entry.event)) return { matches: true, rule: `${entry.event} has no matcher in Auggie, so every hook runs` };
  return matchAuggie(entry.matcher, typeof input.tool_name === 'string' ? input.tool_name : '', input.is_mcp_tool === true);
}

export function planAuggie(config: ResolvedConfig, event: string, input: JsonObject): Plan {
  return planGroups(config, event, input, auggieVerdict, 'Augment Auggie runs every matching hook in parallel');
}
