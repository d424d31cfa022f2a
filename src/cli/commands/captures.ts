// `hookrun test --from-captures [dir]`: turn the events `hookrun record` captured into a fixture
// skeleton (YAML) on stdout, or into a new file with --output (an existing file is never overwritten).
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { inputError, usageError } from '../../pipeline/errors.js';
import { capturesToYaml, readCaptures } from '../../testing/captures.js';
import type { IO } from '../io.js';
import { CAPTURE_DIR } from '../../testing/record-install.js';
import { maskValue } from '../../render/mask.js';
import { knownSecrets } from '../../dialects/secrets.js';

export interface FromCapturesOptions {
  dir?: string;
  output?: string;
}

export async function fromCapturesCommand(options: FromCapturesOptions, ctx: Context, io: IO): Promise<number> {
  const dir = path.resolve(ctx.cwd, options.dir ?? CAPTURE_DIR);
  let scan;
  try {
    scan = await readCaptures(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw inputError(`cannot read the captures folder ${dir} (${code ?? (error as Error).message}); record some with \`hookrun record\``);
  }
  for (const s of scan.skipped) io.stderr(`hookrun: warning: skipped ${s.file}: ${s.reason}\n`);
  if (scan.captures.length === 0) {
    throw inputError(`no captured events in ${dir}; run \`hookrun record\`, use the agent, then \`hookrun record --stop\``);
  }
  // Masked before YAML is written (its quoting and escapes change how a secret is spelled), and so in the file too.
  const yaml = capturesToYaml(maskValue(scan.captures, knownSecrets(ctx)), path.relative(ctx.cwd, dir) || '.');
  if (options.output === undefined) {
    io.stdout(yaml);
    return 0;
  }
  const target = path.resolve(ctx.cwd, options.output);
  let handle;
  try {
    // 'wx': fail when the file exists, so a fixture the user already edited is never replaced.
    handle = await open(target, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw usageError(`${options.output} already exists; choose another file name (hookrun never overwrites a fixture)`);
    }
    throw inputError(`cannot create ${options.output} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    await handle.writeFile(yaml);
  } finally {
    await handle.close();
  }
  io.stderr(`hookrun: wrote ${scan.captures.length} captured event(s) as cases to ${options.output}; fill in each \`expect\`\n`);
  return 0;
}
