// A sandbox for one dialect's end-to-end tests: files written (objects as JSON, `@ROOT@` replaced by the
// sandbox root), `run` for `hookrun run … --dialect NAME -C ws` (trusted unless told otherwise), and the
// marker files hooks leave in the root.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hookrun, makeSandbox, type Sandbox } from './cli.js';

export type DialectBox = Sandbox & {
  run(args: string[], extra?: string[]): ReturnType<typeof hookrun>;
  fired(name: string): Promise<boolean>;
  read(name: string): Promise<string>;
};

export async function dialectBox(dialect: string, files: Record<string, unknown>, cleanup: Sandbox[], env: Record<string, string> = {}): Promise<DialectBox> {
  const sb = await makeSandbox();
  cleanup.push(sb);
  for (const [name, value] of Object.entries(env)) sb.env[name] = value.replaceAll('@ROOT@', sb.root);
  for (const [relative, content] of Object.entries(files)) {
    const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
    await sb.write(relative, text.replaceAll('@ROOT@', sb.root));
  }
  return Object.assign(sb, {
    run: (args: string[], extra: string[] = ['--trust-workspace']) => hookrun(['run', ...extra, ...args, '--dialect', dialect, '-C', sb.ws], { env: sb.env }),
    fired: (name: string) =>
      readFile(path.join(sb.root, `fired-${name}`)).then(
        () => true,
        () => false,
      ),
    read: (name: string) => readFile(path.join(sb.root, name), 'utf8'),
  });
}
