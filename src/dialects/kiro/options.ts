// The options only Kiro CLI runs have (rows of the option table, src/pipeline/options.ts).
import type { OptionRow } from '../../pipeline/options.js';

export const kiroOptions = {
  agent: {
    flags: '--agent <name>',
    help: "with --dialect kiro: the agent whose hooks run (default: chat.defaultAgent, else Kiro's built-in agent, which has no hooks)",
    kind: { type: 'string' },
    commands: ['run', 'explain', 'list', 'serve'],
    perRequest: true,
  },
  cache: {
    flags: '--no-cache',
    help: 'with --dialect kiro: neither reuse nor store cached hook results (cache_ttl_seconds)',
    kind: { type: 'negated' },
    commands: ['run', 'serve'],
    perRequest: true,
  },
} as const satisfies Record<string, OptionRow>;
