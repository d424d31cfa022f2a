// The hook panel's list for people: the registered hooks per event, then the notes. (The switches'
// messages are the agent's own words: Dialect.hookSwitch.)
import { formatLocation } from '../pipeline/errors.js';
import type { InactiveReason } from '../pipeline/types.js';
import { makeChalk } from './color.js';

export interface ListedHook {
  event: string;
  name: string;
  command?: string;
  source: string;
  layer: string;
  extension?: string;
  matcher: unknown;
  enabled: boolean;
  /** Its fingerprint recorded for this project (Gemini CLI's trusted_hooks.json); null where the agent fingerprints none (all but workspace hooks, agents with no record). */
  trusted: boolean | null;
  file?: string;
  line?: number;
  column?: number;
  /** Where `hooksConfig.disabled` names it. */
  disabledBy?: { file: string; line: number; column: number }[];
  /** False for a hook the agent does not register (only with --all), with why. */
  registered: boolean;
  inactive?: { reason: InactiveReason; detail: string };
}

export interface HookListing {
  hooksEnabled: boolean;
  /** Folder trust (settings hooks are registered only in a trusted folder). */
  trusted: boolean;
  trustedBy: string;
  trustedHooksFile: string;
  /** Every configured hook, registered or not (so an empty list can say whether anything is configured). */
  configured: number;
  hooks: ListedHook[];
  /** Things a reader of the list should know (hooks disabled, folder untrusted, unreadable fingerprint file). */
  notes: string[];
}

const REASON_WORDS: Readonly<Record<InactiveReason, string>> = {
  'hooks-disabled': 'not registered: hooks disabled',
  'untrusted-folder': 'not registered: untrusted folder',
  'extension-inactive': 'not registered: extension inactive',
};

/** `list` as text: one block per event, one line per hook, then the notes. */
export function renderHookList(listing: HookListing, color: boolean): string {
  const c = makeChalk(color);
  const lines: string[] = [];
  if (!listing.hooksEnabled) lines.push('Hook system is not enabled.');
  else if (!listing.hooks.some((h) => h.registered)) {
    lines.push(
      listing.configured > 0
        ? `No hook is registered here: ${listing.configured} configured hook(s), none registered (see below).`
        : 'No hooks configured. Add hooks to your settings to get started.',
    );
  }
  const events = [...new Set(listing.hooks.map((h) => h.event))];
  const width = Math.min(40, Math.max(0, ...listing.hooks.map((h) => h.name.length)));
  const originOf = (hook: ListedHook) => (hook.extension ? `extension ${hook.extension}` : `${hook.source}/${hook.layer}`);
  const originWidth = Math.max(0, ...listing.hooks.map((h) => originOf(h).length));
  for (const event of events) {
    lines.push(c.bold(event));
    for (const hook of listing.hooks.filter((h) => h.event === event)) {
      const state = !hook.registered ? c.dim(REASON_WORDS[hook.inactive!.reason]) : hook.enabled ? c.green('enabled '.padEnd(8)) : c.yellow('disabled');
      const matcher = hook.matcher === null || hook.matcher === '' ? 'no matcher' : `matcher ${JSON.stringify(hook.matcher)}`;
      const trust = hook.trusted === null ? '' : hook.trusted ? ', trusted' : `, ${c.yellow('not yet trusted')}`;
      const where = hook.file ? formatLocation({ file: hook.file, line: hook.line ?? 0, column: hook.column ?? 0, path: [] }) : '';
      lines.push(`  ${hook.name.padEnd(width)}  ${state}  ${`${originOf(hook)},`.padEnd(originWidth + 1)} ${matcher}${trust}  ${c.dim(where)}`.trimEnd());
    }
  }
  for (const note of listing.notes) lines.push(`${c.dim('note:')} ${note}`);
  return `${lines.join('\n')}\n`;
}
