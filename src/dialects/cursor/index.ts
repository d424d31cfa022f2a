// Cursor (`--dialect cursor`): each member delegates to the module under cursor/ that holds the rule
// (docs/cursor.md).
import { CLAUDE_DROPPED_HOOK_CODES } from '../claude/settings.js';
import { defineDialect } from '../dialect.js';
import { addedContextCursor, aggregateCursor, cursorFailClosed, outcomeCursor } from './aggregate.js';
import { completeCursorInput, CURSOR_EVENTS, cursorEvent } from './events.js';
import { planCursor } from './plan.js';
import { cursorInvocation, interpretCursor } from './run.js';
import { loadCursorConfig } from './settings.js';
import { cursorVerdictWords, cursorWords } from './words.js';
import { configuredAt } from './configured.js';

export const cursor = defineDialect({
  name: 'cursor',
  agentName: 'Cursor',
  events: CURSOR_EVENTS,
  flagFields: { toolResponse: 'tool_output' },
  eventFields: (event) => {
    const spec = cursorEvent(event);
    return spec && Object.keys(spec.fields);
  },
  completeInput: completeCursorInput,
  loadConfig: loadCursorConfig,
  // The Claude Code hooks it loads with --third-party-hooks go through Claude's loader.
  droppedHookCodes: CLAUDE_DROPPED_HOOK_CODES,
  plan: planCursor,
  invocation: cursorInvocation,
  interpret: interpretCursor,
  aggregate: aggregateCursor,
  outcome: outcomeCursor,
  answerWords: cursorWords,
  verdictWords: cursorVerdictWords,
  addedContext: addedContextCursor,
  failClosed: cursorFailClosed,
  configuredAt,
  migrate: () => import('./migrate.js'),
  async validator() {
    const { CURSOR_FINDING_CODES, validateCursor } = await import('./validate.js');
    return { codes: CURSOR_FINDING_CODES, validate: (ctx, options) => validateCursor(ctx, { ignore: options.ignore }) };
  },
  noHookSwitch: 'Cursor has no per-hook switch: remove the hook from its hooks.json',
});
