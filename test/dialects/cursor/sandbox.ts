// A sandbox for `--dialect cursor` through the real CLI: its own HOME, an enterprise hooks path inside
// it (never the machine's /etc/cursor), files written from objects, `run` with the dialect set.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { hookrun, makeSandbox, type CliResult, type Sandbox } from '../../helpers/cli.js';

export interface CursorSandbox extends Sandbox {
  enterprise: string;
  run(args: string[], env?: Record<string, string>): Promise<CliResult>;
  cli(args: string[], env?: Record<string, string>): Promise<CliResult>;
  fired(name: string): boolean;
}

const sandboxes: Sandbox[] = [];
export const cleanupAll = () => Promise.all(sandboxes.splice(0).map((sb) => sb.cleanup()));

/** `files`: path (relative to the sandbox root, @ROOT@ replaced) → text or an object written as JSON. */
export async function cursorSandbox(files: Record<string, unknown> = {}): Promise<CursorSandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  const enterprise = path.join(sb.root, 'etc', 'cursor', 'hooks.json');
  sb.env.HOOKRUN_CURSOR_ENTERPRISE_HOOKS = enterprise;
  for (const [relative, content] of Object.entries(files)) {
    const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
    await sb.write(relative.replaceAll('@ROOT@', sb.root), text.replaceAll('@ROOT@', sb.root));
  }
  return Object.assign(sb, {
    enterprise,
    run: (args: string[], env: Record<string, string> = {}) => hookrun(['run', ...args, '--dialect', 'cursor', '-C', sb.ws], { env: { ...sb.env, ...env } }),
    cli: (args: string[], env: Record<string, string> = {}) => hookrun([...args, '-C', sb.ws], { env: { ...sb.env, ...env } }),
    fired: (name: string) => existsSync(path.join(sb.root, `fired-${name}`)),
  });
}

/** A Cursor hooks.json with these entries per event. */
export const hooksFile = (hooks: Record<string, unknown[]>) => ({ version: 1, hooks });

/** A command that marks itself as fired, then prints this JSON (or nothing). */
export const marked = (name: string, json?: unknown, tail = '') => `touch @ROOT@/fired-${name}; ${json === undefined ? 'true' : `printf '%s\\n' '${JSON.stringify(json)}'`}${tail}`;

export const shellEvent = (command: string) => ['--event', JSON.stringify({ command })];
