// The option only Gemini CLI runs have (a row of the option table, src/pipeline/options.ts).
import type { OptionRow } from '../../pipeline/options.js';
import { CHECKED_VERSION, GEMINI_VERSION_ENV } from './version.js';

export const geminiOptions = {
  geminiVersion: {
    flags: '--gemini-version <version>',
    help: `with --dialect gemini: the Gemini CLI release to follow: latest (default: ${CHECKED_VERSION.join('.')}, the newest checked) or an older one such as 0.59.0 (env ${GEMINI_VERSION_ENV})`,
    kind: { type: 'string' },
    commands: ['run', 'explain', 'list', 'toggle', 'serve'],
    perRequest: true,
  },
} as const satisfies Record<string, OptionRow>;
