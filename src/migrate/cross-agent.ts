// validate's cross-agent traps (issue 17), one mechanism for every dialect: given the agent whose file is being
// checked and one hook's event, timeout and matcher, say when they look written for another agent — an event
// name of another agent (naming it, and this agent's name for that moment), a timeout in the other unit
// (30000 where seconds are read, 5 where milliseconds are), a matcher in a syntax this agent reads otherwise.
// Pure; reads only the vocabulary (lookup.ts). A dialect's validator calls crossAgentTraps for each hook it checks.
import type { Diagnostic, Location } from '../pipeline/types.js';
import { timeoutInOtherUnit } from './timeout-unit.js';
import { type AgentName, counterpart, foreignEventNames, NEAR_MISSES, readEvent, VOCABULARY } from './lookup.js';

export interface HookFacts {
  /** The event key as written. */
  event?: string;
  /** The timeout as written, in the agent's own unit (undefined: none written). */
  timeout?: unknown;
  /** The matcher as written. */
  matcher?: unknown;
  /** Where the event key, the timeout and the matcher are. */
  at?: { event?: Location; timeout?: Location; matcher?: Location };
}

export const CROSS_AGENT_CODES = ['foreign-event', 'timeout-unit', 'foreign-matcher'] as const;

/** The agents (other than `agent`) that spell an event `name`. */
function agentsNaming(agent: AgentName, name: string): AgentName[] {
  return foreignEventNames(agent).get(name) ?? [];
}

/** " (X is Y's name for ...; use Z)" for an event name `agent` does not have; '' when it is nobody's. */
export function foreignEventHint(agent: AgentName, name: string): string {
  const others = agentsNaming(agent, name);
  if (others.length === 0) return '';
  const other = others[0]!;
  const here = counterpart(other, name, agent);
  const entry = readEvent(other, name);
  const near = entry ? NEAR_MISSES[entry.event]?.[agent] : undefined;
  const who = others.map((o) => `${VOCABULARY[o].label}'s`).join(', ');
  if (here) return ` ("${name}" is ${who} name; ${VOCABULARY[agent].label} calls that moment "${here}")`;
  if (near) return ` ("${name}" is ${who} name; ${near.why})`;
  return ` ("${name}" is ${who} name; ${VOCABULARY[agent].label} has no event for that moment)`;
}

/** Another agent's event name as `agent` sees it: who spells it, and `agent`'s event at that moment, or the near miss that is not the same. */
export interface ForeignEvent {
  agents: AgentName[];
  /** The agents' labels, joined for a sentence ("Gemini CLI" or "Cursor, Kiro CLI"). */
  labels: string;
  /** `agent`'s name for the same moment (a rename fixes it). */
  here?: string;
  /** An event of `agent` at about that time that is not the same, and why (say it; never rename onto it). */
  near?: { name: string; why: string };
}

/** `name` as another agent's event, seen from `agent`; undefined when it is no other agent's (or is `agent`'s own). */
export function foreignEvent(agent: AgentName, name: string): ForeignEvent | undefined {
  if (readEvent(agent, name)) return undefined;
  const agents = agentsNaming(agent, name);
  if (agents.length === 0) return undefined;
  const here = counterpart(agents[0]!, name, agent);
  const entry = readEvent(agents[0]!, name);
  const near = here === undefined && entry ? NEAR_MISSES[entry.event]?.[agent] : undefined;
  return { agents, labels: agents.map((o) => VOCABULARY[o].label).join(', '), ...(here ? { here } : {}), ...(near ? { near } : {}) };
}

/** The traps one hook falls into, as warnings. */
export function crossAgentTraps(agent: AgentName, hook: HookFacts): Diagnostic[] {
  const out: Diagnostic[] = [];
  const vocab = VOCABULARY[agent];
  const push = (code: (typeof CROSS_AGENT_CODES)[number], message: string, location?: Location, fix?: string) =>
    out.push({ severity: 'warning', code, message, ...(location ? { location } : {}), ...(fix ? { fix } : {}) });

  const own = hook.event !== undefined ? readEvent(agent, hook.event) : undefined;
  const foreign = hook.event !== undefined && !own ? foreignEvent(agent, hook.event) : undefined;
  if (foreign) {
    push(
      'foreign-event',
      `"${hook.event}" is not a ${vocab.label} event${foreignEventHint(agent, hook.event!)}`,
      hook.at?.event,
      foreign.here ? `rename the key to "${foreign.here}"` : undefined,
    );
  }

  const instead = timeoutInOtherUnit(vocab.timeout.unit, hook.timeout);
  if (instead !== undefined) {
    const t = hook.timeout as number;
    if (vocab.timeout.unit === 's') {
      push(
        'timeout-unit',
        `${vocab.timeout.field} ${t} is read as ${t} seconds (${(t / 3600).toFixed(1)} h) by ${vocab.label}; it looks like milliseconds, another agent's unit`,
        hook.at?.timeout,
        `write ${instead} (seconds)`,
      );
    } else {
      push(
        'timeout-unit',
        `${vocab.timeout.field} ${t} is read as ${t} milliseconds by ${vocab.label}, which kills the hook almost at once; it looks like seconds, another agent's unit`,
        hook.at?.timeout,
        `write ${instead} (milliseconds)`,
      );
    }
  }

  if (typeof hook.matcher === 'string' && hook.matcher.trim() !== '' && (own?.matcher === 'tool' || (!own && hook.event === undefined))) {
    const trap = matcherTrap(agent, hook.matcher.trim());
    if (trap) push('foreign-matcher', trap.message, hook.at?.matcher, trap.fix);
  }
  return out;
}

/** A tool matcher written in another agent's syntax or names, as this agent reads it. */
function matcherTrap(agent: AgentName, matcher: string): { message: string; fix?: string } | undefined {
  const vocab = VOCABULARY[agent];
  const syntax = vocab.toolMatcher;
  // A tool name of another agent that this agent does not have.
  const items = matcher
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
  const plain = items.every((s) => /^[A-Za-z0-9_@/-]+$/.test(s));
  if (plain) {
    for (const item of items) {
      if (Object.hasOwn(vocab.tools, item)) continue;
      if (vocab.mcp?.parse.test(item)) continue;
      for (const other of Object.keys(VOCABULARY) as AgentName[]) {
        if (other === agent || !Object.hasOwn(VOCABULARY[other].tools, item)) continue;
        const canonical = VOCABULARY[other].tools[item]!;
        const here = Object.entries(vocab.tools).find(([name, tools]) => canonical.some((c) => tools.includes(c)) && !(vocab.toolAliases ?? []).includes(name))?.[0];
        return {
          message: `matcher "${matcher}": "${item}" is ${VOCABULARY[other].label}'s tool name; ${vocab.label} ${here ? `calls it "${here}"` : 'has no such tool'}, so the matcher never selects it`,
          ...(here ? { fix: `use "${matcher.replace(item, here)}"` } : {}),
        };
      }
      // Another agent's MCP naming.
      for (const other of Object.keys(VOCABULARY) as AgentName[]) {
        const mcp = VOCABULARY[other].mcp;
        if (other === agent || !mcp || mcp.prefix === vocab.mcp?.prefix || !mcp.parse.test(item)) continue;
        const parts = mcp.parse.exec(item)!;
        return {
          message: `matcher "${matcher}": "${item}" is ${VOCABULARY[other].label}'s name for an MCP tool; ${vocab.label} ${vocab.mcp ? `names it "${vocab.mcp.name(parts[1]!, parts[2]!)}"` : 'does not name MCP tools that way'}`,
        };
      }
    }
  }
  // A permission rule (`Bash(rm:*)`, Claude Code's `if` and permissions syntax) where a tool name pattern is read.
  const rule = /^([A-Za-z_][\w-]*)\(([^()|]*[:*\s/.][^()|]*)\)$/.exec(matcher);
  if (rule && syntax !== 'kiro-glob') {
    return {
      message: `matcher "${matcher}" is a permission rule (tool and arguments), but a matcher selects tools by name only: it never matches`,
      fix: vocab.ruleFilter
        ? `write "matcher": "${rule[1]}" and "${vocab.ruleFilter.field}": "${matcher}" (${vocab.ruleFilter.since}), or check the arguments in the hook script`
        : `write "matcher": "${rule[1]}" and check the arguments in the hook script`,
    };
  }
  // A glob (Kiro agent files) where a regex is read.
  if (syntax !== 'kiro-glob' && /(^|[^.\]\\)])\*/.test(matcher) && matcher !== '*') {
    const reading = syntax === 'full-regex' || syntax === 'search-regex' || syntax === 'regex-or-exact' ? 'a regular expression' : 'a regular expression (or an exact name list)';
    const regex = matcher.replace(/\*/g, '.*');
    const message = `matcher "${matcher}" looks like a glob (Kiro CLI agent files); ${vocab.label} reads it as ${reading}, where "*" repeats the character before it`;
    return globFixHolds(matcher, regex) ? { message, fix: `write "${regex}"` } : { message };
  }
  return undefined;
}

/**
 * Whether a glob's regex rewrite still selects what the glob meant: it must match the glob's own name with
 * each `*` filled in, read as the agents read a matcher (the whole name). A fix that never matches either
 * (`Bash(rm:.*)`, whose parentheses are a group) is no fix, so none is offered.
 */
function globFixHolds(glob: string, regex: string): boolean {
  try {
    const pattern = new RegExp(`^(?:${regex})$`);
    return ['x', 'some_name', ''].every((fill) => pattern.test(glob.replace(/\*/g, fill)));
  } catch {
    return false;
  }
}

/** The traps of a dialect's registry entries (timeouts already in milliseconds), each said once per place. */
export function entryTraps(
  agent: AgentName,
  entries: readonly { event: string; matcher: unknown; config: { timeout?: number }; location?: Location }[],
  options: { maxTimeout?: number } = {},
): Diagnostic[] {
  const unit = VOCABULARY[agent].timeout.unit;
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const raw = entry.config.timeout === undefined ? undefined : unit === 's' ? entry.config.timeout / 1000 : entry.config.timeout;
    const timeout = raw !== undefined && (options.maxTimeout === undefined || raw <= options.maxTimeout) ? raw : undefined;
    const at = entry.location ? { timeout: entry.location, matcher: entry.location } : undefined;
    for (const trap of crossAgentTraps(agent, { event: entry.event, timeout, matcher: entry.matcher, ...(at ? { at } : {}) })) {
      const key = `${trap.code}\0${trap.message}`;
      if (trap.code === 'foreign-matcher' && seen.has(key)) continue;
      seen.add(key);
      out.push(trap);
    }
  }
  return out;
}

/** The foreign-event trap for an event key the dialect's loader did not know. */
export function eventKeyTraps(agent: AgentName, key: string, location: Location | undefined): Diagnostic[] {
  return crossAgentTraps(agent, { event: key, ...(location ? { at: { event: location } } : {}) });
}
