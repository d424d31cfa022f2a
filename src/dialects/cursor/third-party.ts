// Claude Code's hooks as Cursor loads them with "Include third-party Plugins, Skills, and other configs"
// on (`--third-party-hooks`, HOOKRUN_CURSOR_THIRD_PARTY=1; docs/sources.md §X2.1): `.claude/settings.local.json`,
// `.claude/settings.json`, then `~/.claude/settings.json`, below every Cursor file in priority. The
// Claude dialect reads and checks the files (its loader, its warnings); each Claude event is moved to
// the Cursor event it fires on, and an untrusted folder holds back the workspace's two files.
import type { Context } from '../../pipeline/context.js';
import { homeDir } from '../../pipeline/context.js';
import { admitEntries } from '../../trust/workspace.js';
import type { Diagnostic, RegistryEntry, TrustDecision } from '../../pipeline/types.js';
import type { LoadOptions } from '../dialect.js';
import { claudeSettingsPaths, readClaudeSettings, registerHooksObject, type ClaudeLayer, type ClaudeResolvedConfig } from '../claude/settings.js';
import { resolveClaudeProfile } from '../claude/version.js';
import { CLAUDE_TO_CURSOR } from './events.js';
import type { CursorGathering } from './settings.js';
import { readInputFile } from '../../files/read-input.js';
import * as observed from '../../files/journal.js';

/** Cursor's priority among Claude Code's files (docs/sources.md §X2.1): local, project, user. */
const CLAUDE_ORDER: readonly ClaudeLayer[] = ['local', 'project', 'user'];

export function loadClaudeHooksForCursor(ctx: Context, options: LoadOptions, trust: TrustDecision, into: CursorGathering): void {
  const profile = resolveClaudeProfile(options.claudeVersion, ctx.env);
  const files = readClaudeSettings(ctx, CLAUDE_ORDER);
  // disableAllHooks: the highest-priority Claude file that sets it decides, for Claude's hooks only.
  const setter = files.find((f) => typeof f.doc?.value.disableAllHooks === 'boolean');
  const disabled = setter?.doc?.value.disableAllHooks === true;
  for (const file of files) {
    if (!file.doc) continue;
    const gated = file.layer !== 'user' && !trust.trusted;
    into.files.push({
      layer: file.layer,
      path: file.path,
      exists: true,
      loaded: !gated && !disabled,
      ...(gated ? { note: 'untrusted folder: not loaded' } : disabled ? { note: 'disableAllHooks' } : {}),
    });
    if (file.doc.value.hooks === undefined) continue;
    if (disabled) {
      into.diagnostics.push({
        code: 'cursor-claude-hooks-disabled',
        severity: 'info',
        message: `disableAllHooks is true in ${setter!.path}: no Claude Code hook from ${file.path} runs`,
        location: setter!.doc!.locate(['disableAllHooks']),
      });
      continue;
    }
    // The Claude loader registers into a scratch Claude config; its diagnostics are Claude's own findings.
    const scratch: ClaudeResolvedConfig = {
      dialect: 'claude',
      hooksEnabled: true,
      trust,
      entries: [],
      diagnostics: [],
      files: [],
      merged: {},
      claude: { profile, home: homeDir(ctx) },
    };
    registerHooksObject(
      file.doc.value.hooks,
      { file: file.path, layer: file.layer, source: `claude-${file.layer}`, locate: file.doc.locate, prefix: ['hooks'] },
      profile,
      scratch,
      undefined,
    );
    into.diagnostics.push(...scratch.diagnostics);
    const extra = { claudeProfile: profile, home: homeDir(ctx) };
    admitEntries(
      into.gathered,
      scratch.entries.flatMap((entry) => asCursorEntry(entry, extra, into.diagnostics)),
      gated,
      trust,
    );
  }
}

/** A Claude entry on the Cursor event its Claude event fires on; none when Cursor never fires it or cannot run it. */
function asCursorEntry(entry: RegistryEntry, extra: Record<string, unknown>, diagnostics: Diagnostic[]): RegistryEntry[] {
  const event = CLAUDE_TO_CURSOR[entry.event];
  const at = entry.location ? { location: entry.location } : {};
  if (event === undefined) {
    diagnostics.push({
      code: 'cursor-claude-event-not-fired',
      severity: 'info',
      message: `${entry.displayName}: Cursor fires no event for Claude Code's ${entry.event}, so this hook never runs under Cursor`,
      ...at,
    });
    return [];
  }
  if (entry.config.type !== 'command') {
    diagnostics.push({
      code: 'cursor-claude-hook-type',
      severity: 'warning',
      message: `${entry.displayName}: hookrun runs Claude Code's "command" hooks under Cursor, not "${entry.config.type}" hooks; skipped`,
      ...at,
    });
    return [];
  }
  // Claude Code hooks loaded by Cursor have no follow-up cap unless they set one (docs/sources.md §X2.2).
  return [{ ...entry, event, config: { ...entry.config, ...extra, origin: 'claude', claudeEvent: entry.event, loopLimit: null } }];
}

/** For explain and list without the flag: Claude Code files with hooks that Cursor would load with it. */
export function claudeFilesNotLoaded(ctx: Context): Diagnostic[] {
  const paths = claudeSettingsPaths(ctx);
  return CLAUDE_ORDER.map((layer) => paths[layer])
    .filter((file) => {
      try {
        return observed.statOrThrow(file).isFile() && readInputFile(file, 'utf8').includes('"hooks"');
      } catch {
        return false;
      }
    })
    .map((file) => ({
      code: 'cursor-third-party-off',
      severity: 'info' as const,
      message: `${file} has Claude Code hooks, which Cursor loads only with "Include third-party Plugins, Skills, and other configs" on: pass --third-party-hooks (or HOOKRUN_CURSOR_THIRD_PARTY=1) to load them`,
      location: { file, line: 0, column: 0, path: [] },
    }));
}
