// `validate --dialect claude`: the Claude Code settings files and skills-directory plugins read as the run
// loader reads them (dialects/claude/settings.ts), with every entry Claude Code skips silently graded as a
// finding: unknown events, handler types it does not know (or does not run on that event), a matcher on an
// event without one, `if` rules that never match, timeouts that look like milliseconds. Never runs a hook.
import type { Context } from '../../pipeline/context.js';
import { HookrunError } from '../../pipeline/errors.js';
import type { CheckedFile, CodeInfo, Diagnostic, ValidateResult } from '../../pipeline/types.js';

export const CLAUDE_FINDING_CODES = {
  'settings-unreadable': { severity: 'error', title: 'A settings file exists but cannot be read' },
  'settings-syntax-error': { severity: 'error', title: 'A settings file is not valid JSON: Claude Code reports it and loads none of it' },
  'settings-file-dropped': { severity: 'error', title: 'A settings file is not strict JSON (a comment is enough): Claude Code skips it whole, and none of its hooks run' },
  'settings-file-ignored': {
    severity: 'error',
    title: 'This Claude Code version ignores every hook in the file (an unknown event before 2.1.101, a malformed entry before 2.1.122)',
  },
  'hooks-not-object': { severity: 'error', title: '"hooks" is not an object of event names' },
  'invalid-event-name': { severity: 'error', title: 'Unknown event name (or one newer than the version): its hooks never run' },
  'event-not-array': { severity: 'error', title: "An event's value is not an array of matcher groups" },
  'invalid-definition': { severity: 'error', title: 'A matcher group is not an object with a "hooks" array' },
  'invalid-matcher': { severity: 'error', title: 'A matcher is not a string: the group is skipped' },
  'invalid-regex-matcher': { severity: 'error', title: 'A matcher is not a valid regular expression: it never matches' },
  'matcher-ignored': { severity: 'warning', title: 'A matcher on an event without matcher support: it is ignored and the hooks always run' },
  'invalid-hook-entry': { severity: 'error', title: 'A handler is not an object' },
  'invalid-hook-type': { severity: 'error', title: 'A handler type Claude Code does not know: the handler is skipped' },
  'hook-type-unsupported-on-event': { severity: 'error', title: 'A handler type this event does not run (prompt/agent on most events, http on SessionStart/Setup)' },
  'unsupported-hook-type': { severity: 'info', title: 'A prompt, agent or mcp_tool handler: Claude Code runs it, hookrun skips it' },
  'missing-command': { severity: 'error', title: 'A command handler has no command' },
  'invalid-url': { severity: 'error', title: 'An http handler has no http(s) URL' },
  'invalid-headers': { severity: 'error', title: "An http handler's headers are not an object of strings" },
  'invalid-args': { severity: 'error', title: 'args is not an array of strings: the handler is skipped' },
  'invalid-if': { severity: 'error', title: '"if" is not a permission rule string: the handler is skipped' },
  'if-never-runs': { severity: 'error', title: 'A handler with "if" on an event that is not a tool event never runs' },
  'if-never-matches': { severity: 'error', title: 'An "if" rule that can never match (more than one rule, or a tool the matcher never selects)' },
  'foreign-event': { severity: 'warning', title: "An event name of another agent (the message names it, and Claude Code's name for that moment)" },
  'foreign-matcher': { severity: 'warning', title: "A matcher written with another agent's tool names or syntax" },
  'timeout-unit': { severity: 'warning', title: 'timeout of 1000 or more: Claude Code reads seconds; it looks like milliseconds' },
  'invalid-timeout': { severity: 'warning', title: 'timeout is not a positive number of seconds: the default applies' },
  'timeout-looks-like-ms': { severity: 'warning', title: 'timeout is over an hour: Claude Code reads seconds, not milliseconds' },
  'field-needs-current': { severity: 'warning', title: 'A handler field this Claude Code version ignores (if before 2.1.85, args before 2.1.139, onFailure before 2.1.328)' },
  'invalid-on-failure': { severity: 'error', title: 'onFailure is neither "continue" nor "block": a failure of the hook does not block' },
  'on-failure-ignored': { severity: 'warning', title: 'onFailure "block" where Claude Code ignores it (Stop, SubagentStop, TaskCompleted, TeammateIdle, async hooks)' },
  'hooks-disabled': { severity: 'info', title: 'disableAllHooks is true' },
  'managed-hooks-only': { severity: 'info', title: 'allowManagedHooksOnly: only managed hooks run' },
  'plugin-file-invalid': { severity: 'error', title: "A plugin's manifest or hooks file cannot be read or parsed" },
  'plugin-disabled': { severity: 'info', title: 'A skills-directory plugin is disabled by enabledPlugins' },
  'plugin-not-loaded': { severity: 'info', title: 'A project skills-directory plugin loads only after the interactive trust dialog' },
  'untrusted-project-hooks': {
    severity: 'info',
    title: 'The folder is not trusted (no accepted Claude Code trust dialog, no hookrun trust --folder): hookrun runs none of its project hooks',
  },
} as const satisfies Record<string, CodeInfo>;

function isClaudeFindingCode(code: string): code is keyof typeof CLAUDE_FINDING_CODES {
  return Object.hasOwn(CLAUDE_FINDING_CODES, code);
}

/** Files in the order checked, then position in the file; findings about no file come last. */
const rank = (finding: Diagnostic, files: readonly CheckedFile[]): number => {
  const index = finding.location ? files.findIndex((file) => file.path === finding.location!.file) : -1;
  return index === -1 ? files.length + (finding.location ? 0 : 1) : index;
};
const line = (finding: Diagnostic): number => finding.location?.line ?? 0;
const column = (finding: Diagnostic): number => finding.location?.column ?? 0;

export async function validateClaude(ctx: Context, options: { ignore?: readonly string[]; version?: string }): Promise<ValidateResult> {
  const [{ loadClaudeConfig }, { resolveClaudeProfile }] = await Promise.all([import('./settings.js'), import('./version.js')]);
  const profile = resolveClaudeProfile(options.version, ctx.env);
  const found: Diagnostic[] = [];
  let files: CheckedFile[] = [];
  let incomplete = false;
  try {
    // validate runs nothing and works anywhere (docs/safety.md "Trust in every dialect"): it checks the project's
    // files as a trusted folder's, and says when this folder's hooks would be held back.
    const config = await loadClaudeConfig(ctx, profile, { trustWorkspace: true });
    const untrusted = await heldBackNote(ctx, profile);
    if (untrusted) found.push(untrusted);
    files = config.files.map((file) => ({ layer: file.layer, path: file.path, exists: file.exists, ...(file.note ? { note: file.note } : {}) }));
    for (const entry of config.entries) {
      if (entry.layer === 'plugin' && entry.location && !files.some((f) => f.path === entry.location!.file)) {
        files.push({ layer: 'plugin', path: entry.location.file, exists: true });
      }
    }
    found.push(...config.diagnostics);
    // Traps of hooks written for another agent (src/migrate/cross-agent.ts); over an hour is timeout-looks-like-ms.
    const { entryTraps, eventKeyTraps } = await import('../../migrate/cross-agent.js');
    found.push(...entryTraps('claude', config.entries, { maxTimeout: 3600 }));
    for (const d of config.diagnostics) {
      if (d.code === 'invalid-event-name' && d.location) found.push(...eventKeyTraps('claude', String(d.location.path.at(-1) ?? ''), d.location));
    }
  } catch (error) {
    if (!(error instanceof HookrunError)) throw error;
    const unreadable = /^cannot read /.test(error.message);
    incomplete = unreadable;
    const finding: Diagnostic = { code: unreadable ? 'settings-unreadable' : 'settings-syntax-error', severity: 'error', message: error.message };
    if (error.location) finding.location = error.location;
    found.push(finding);
  }
  const ignored = new Set(options.ignore ?? []);
  const findings = found
    .map((finding) => ({ ...finding, severity: isClaudeFindingCode(finding.code) ? CLAUDE_FINDING_CODES[finding.code].severity : finding.severity }))
    .filter((finding) => !ignored.has(finding.code))
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => rank(a.finding, files) - rank(b.finding, files) || line(a.finding) - line(b.finding) || column(a.finding) - column(b.finding) || a.index - b.index)
    .map(({ finding }) => finding);
  const count = (severity: Diagnostic['severity']) => findings.filter((finding) => finding.severity === severity).length;
  return { cwd: ctx.cwd, files, findings, summary: { errors: count('error'), warnings: count('warning'), infos: count('info') }, incomplete };
}

/** The loader's note on the project hooks an untrusted folder holds back, if this folder holds any back. */
async function heldBackNote(ctx: Context, profile: Parameters<typeof import('./settings.js').loadClaudeConfig>[1]): Promise<Diagnostic | undefined> {
  const { loadClaudeConfig } = await import('./settings.js');
  const real = await loadClaudeConfig(ctx, profile);
  return real.diagnostics.find((d) => d.code === 'untrusted-project-hooks');
}
