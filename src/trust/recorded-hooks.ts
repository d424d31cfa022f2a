// Read-only view of Gemini CLI's project-hook fingerprints (spec §7.1): `<geminiHome>/.gemini/trusted_hooks.json`,
// `{ "<absolute project root>": ["<name>:<command>", ...] }`. Gemini fingerprints only the workspace
// settings' hooks, and treats an unreadable file as empty.
import fs from 'node:fs';
import path from 'node:path';
import { geminiHome, type Context } from '../context.js';
import type { HookConfig } from '../types.js';

export interface RecordedHooks {
  file: string;
  /** Keys recorded for this project (its absolute root, as Gemini's config resolves it). */
  keys: Set<string>;
  /** Why the file was treated as empty, when it exists but cannot be used. */
  problem?: string;
}

export function trustedHooksPath(ctx: Context): string {
  return path.join(geminiHome(ctx), '.gemini', 'trusted_hooks.json');
}

/** Gemini's getHookKey: name (or "") and, for command hooks, the command. */
export function hookKey(config: HookConfig): string {
  return `${config.name || ''}:${config.type === 'command' ? config.command : ''}`;
}

export function readRecordedHooks(ctx: Context): RecordedHooks {
  const file = trustedHooksPath(ctx);
  const recorded: RecordedHooks = { file, keys: new Set() };
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') recorded.problem = `cannot read ${file}: ${(error as Error).message}`;
    return recorded;
  }
  try {
    const value: unknown = JSON.parse(text);
    const list = value && typeof value === 'object' ? (value as Record<string, unknown>)[path.resolve(ctx.cwd)] : undefined;
    if (Array.isArray(list)) for (const key of list) if (typeof key === 'string') recorded.keys.add(key);
  } catch (error) {
    recorded.problem = `${file} is not valid JSON (${(error as Error).message}); Gemini CLI treats it as empty`;
  }
  return recorded;
}
