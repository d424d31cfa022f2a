// The option only Claude Code runs have (a row of the option table, src/pipeline/options.ts).
import type { OptionRow } from '../../pipeline/options.js';

export const claudeOptions = {
  claudeVersion: {
    flags: '--claude-version <version>',
    help: 'with --dialect claude: the Claude Code behaviour to follow: classic (default), current, or a version such as 2.1.3 (env HOOKRUN_CLAUDE_VERSION)',
    kind: { type: 'string' },
    commands: ['run', 'explain', 'list', 'serve'],
    perRequest: true,
  },
} as const satisfies Record<string, OptionRow>;
