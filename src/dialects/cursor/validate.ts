// `hookrun validate --dialect cursor`: every hooks.json Cursor would read, whatever the folder trust,
// checked as hookrun's loader reads it, plus the traps of carrying hooks over from another agent: a
// Claude Code or Gemini CLI event name (PreToolUse), a matcher group where Cursor wants flat entries, a
// timeout that looks like milliseconds, a matcher Cursor reads differently (a glob, another agent's
// tool name, an exact name that is really an unanchored regex). Each at file:line:column with a fix.
// Nothing runs, nothing is written.
import type { Context } from '../../pipeline/context.js';
import { HookrunError } from '../../pipeline/errors.js';
import { foreignEvent } from '../../migrate/cross-agent.js';
import type { JsoncDocument } from '../../files/jsonc.js';
import type { CheckedFile, Diagnostic, RegistryEntry, ValidateResult } from '../../pipeline/types.js';
import { cursorEvent } from './events.js';
import { compileCursorMatcher } from './plan.js';
import { cursorHookFiles, readCursorFile, thirdPartyHooksOn, type CursorGathering } from './settings.js';
import { claudeFilesNotLoaded, loadClaudeHooksForCursor } from './third-party.js';

/** The finding codes this validator reports (for `--ignore`). */
export const CURSOR_FINDING_CODES: readonly string[] = [
  'cursor-file-unreadable',
  'cursor-unknown-key',
  'cursor-version',
  'cursor-unknown-event',
  'cursor-invalid-entry',
  'cursor-claude-group-shape',
  'cursor-missing-command',
  'cursor-invalid-matcher',
  'cursor-invalid-timeout',
  'cursor-timeout-looks-like-ms',
  'cursor-invalid-fail-closed',
  'cursor-fail-closed-ignored',
  'cursor-loop-limit-ignored',
  'cursor-invalid-loop-limit',
  'cursor-matcher-ignored',
  'cursor-glob-matcher',
  'cursor-foreign-tool-name',
  'cursor-unanchored-matcher',
  'cursor-prompt-hook',
  'cursor-third-party-off',
  'cursor-claude-event-not-fired',
  'cursor-claude-hook-type',
  'cursor-claude-hooks-disabled',
];

/** What Cursor drops without a word: every hook of it never runs. */
const SILENT_DROPS = new Set(['cursor-unknown-event', 'cursor-invalid-entry', 'cursor-claude-group-shape', 'cursor-missing-command', 'cursor-invalid-matcher']);

/** Other agents' tool names, and Cursor's tool for the same thing (docs/sources.md §X2.3: Shell, Read, Write, Grep, Delete, Task, MCP). */
const FOREIGN_TOOLS: Readonly<Record<string, string>> = {
  Bash: 'Shell',
  Edit: 'Write',
  MultiEdit: 'Write',
  NotebookEdit: 'Write',
  Agent: 'Task',
  run_shell_command: 'Shell',
  execute_bash: 'Shell',
  shell: 'Shell',
  write_file: 'Write',
  replace: 'Write',
  fs_write: 'Write',
  read_file: 'Read',
  fs_read: 'Read',
  view: 'Read',
};

export function validateCursor(ctx: Context, options: { ignore?: readonly string[] } = {}): ValidateResult {
  const files: CheckedFile[] = [];
  const found: Diagnostic[] = [];
  let incomplete = false;
  for (const file of cursorHookFiles(ctx)) {
    const loaded = readCursorFile(file, foreignEvent);
    files.push({ layer: file.source, path: file.path, exists: loaded.exists });
    if (!loaded.exists) continue;
    if (loaded.error) {
      incomplete ||= loaded.unreadable === true;
      found.push({
        code: 'cursor-file-unreadable',
        severity: 'error',
        message: `${loaded.error.message} — hookrun refuses the file (exit 1); what Cursor does with it is undocumented`,
        location: loaded.error.location ?? { file: file.path, line: 0, column: 0, path: [] },
        fix: 'write strict JSON: {"version": 1, "hooks": {"beforeShellExecution": [{"command": "./guard.sh", "matcher": "rm|curl"}]}}',
      });
      continue;
    }
    found.push(...loaded.diagnostics.map((d) => (SILENT_DROPS.has(d.code) ? { ...d, severity: 'error' as const } : d)));
    for (const entry of loaded.entries) found.push(...matcherFindings(entry, loaded.doc!));
  }
  found.push(...thirdPartyFindings(ctx));
  const ignored = new Set(options.ignore ?? []);
  const findings = found.filter((f) => !ignored.has(f.code));
  const count = (severity: Diagnostic['severity']) => findings.filter((f) => f.severity === severity).length;
  return { cwd: ctx.cwd, files, findings, summary: { errors: count('error'), warnings: count('warning'), infos: count('info') }, incomplete };
}

function matcherFindings(entry: RegistryEntry, doc: JsoncDocument): Diagnostic[] {
  const out: Diagnostic[] = [];
  const where = entry.location ? { location: doc.locate([...entry.location.path, ...(typeof entry.matcher === 'string' ? ['matcher'] : [])]) } : {};
  if (entry.config.type === 'prompt') {
    out.push({
      code: 'cursor-prompt-hook',
      severity: 'warning',
      message: `${entry.displayName}: a "prompt" hook asks a model; hookrun does not run it`,
      ...(entry.location ? { location: entry.location } : {}),
    });
  }
  const matcher = entry.matcher;
  if (typeof matcher !== 'string' || matcher === '' || matcher === '*') return out;
  const field = cursorEvent(entry.event)?.matcherField;
  if (field === undefined) {
    out.push({
      code: 'cursor-matcher-ignored',
      severity: 'warning',
      message: `${entry.displayName}: no source says what a matcher on ${entry.event} compares; hookrun ignores "${matcher}" and runs the hook on every ${entry.event}`,
      ...where,
      fix: 'filter inside the hook script, or remove the matcher',
    });
    return out;
  }
  const regex = compileCursorMatcher(matcher);
  if (typeof regex === 'string') {
    out.push({
      code: 'cursor-invalid-matcher',
      severity: 'error',
      message: `${entry.displayName}: matcher "${matcher}" is not a valid JavaScript regular expression (${regex}); it matches nothing, so the hook never runs`,
      ...where,
      fix: matcher.includes('*') ? `for "any text" write ".*": "${matcher.replace(/(^|[^.\\\])])\*/g, '$1.*')}"` : 'write a regular expression, e.g. "rm|curl"',
    });
    return out;
  }
  if (/(^|[^.\\\])])\*/.test(matcher) || /(^|\s)\*\.|\*\*/.test(matcher)) {
    out.push({
      code: 'cursor-glob-matcher',
      severity: 'warning',
      message: `${entry.displayName}: matcher "${matcher}" reads like a glob, but Cursor reads a regular expression: "*" repeats the character before it, it is not "any text"`,
      ...where,
      fix: `write "${matcher.replace(/\*\*/g, '*').replace(/(^|[^.\\\])])\*/g, '$1.*')}"`,
    });
  }
  if (field === 'tool_name') {
    const names = matcher.split('|').map((n) => n.replace(/^\^|\$$/g, '').trim());
    for (const name of names) {
      const cursor = Object.hasOwn(FOREIGN_TOOLS, name) ? FOREIGN_TOOLS[name] : undefined;
      if (cursor === undefined) continue;
      out.push({
        code: 'cursor-foreign-tool-name',
        severity: 'warning',
        message: `${entry.displayName}: "${name}" is another agent's tool name; Cursor's ${entry.event} reports the tool as "${cursor}", so this part of the matcher never matches`,
        ...where,
        fix: `use "${cursor}"`,
      });
    }
    if (/^[A-Za-z0-9_|]+$/.test(matcher)) {
      out.push({
        code: 'cursor-unanchored-matcher',
        severity: 'info',
        message: `${entry.displayName}: "${matcher}" is an unanchored regular expression in Cursor: it also matches any tool name that contains it (Claude Code would compare exact names)`,
        ...where,
        fix: `for exact names write "^(${matcher})$"`,
      });
    }
  }
  return out;
}

/** Claude Code's files as Cursor would load them with third-party configs on; a note that they are off otherwise. */
function thirdPartyFindings(ctx: Context): Diagnostic[] {
  if (!thirdPartyHooksOn(ctx, {})) return claudeFilesNotLoaded(ctx);
  const into: CursorGathering = { gathered: { entries: [], considered: [], heldBack: [] }, diagnostics: [], files: [] };
  try {
    loadClaudeHooksForCursor(ctx, {}, { trusted: true, by: 'flag', detail: 'validate checks every file' }, into);
  } catch (error) {
    if (!(error instanceof HookrunError)) throw error;
    return [{ code: 'cursor-file-unreadable', severity: 'error', message: error.message, ...(error.location ? { location: error.location } : {}) }];
  }
  return into.diagnostics.map((d) => (d.code === 'cursor-claude-event-not-fired' ? { ...d, severity: 'warning' as const } : d));
}
