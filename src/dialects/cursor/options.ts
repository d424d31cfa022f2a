// The option only Cursor runs have (a row of the option table, src/pipeline/options.ts).
import type { OptionRow } from '../../pipeline/options.js';

export const cursorOptions = {
  thirdPartyHooks: {
    flags: '--third-party-hooks',
    help: 'with --dialect cursor: also load Claude Code hooks, as Cursor does with third-party configs on (env HOOKRUN_CURSOR_THIRD_PARTY=1)',
    kind: { type: 'boolean' },
    commands: ['run', 'serve'],
    perRequest: true,
  },
} as const satisfies Record<string, OptionRow>;
