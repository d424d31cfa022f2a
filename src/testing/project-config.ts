// hookrun's own project configuration (the defaults of `hookrun test`) is data, never code. It is read from
// the workspace folder only, with the limits of every input file (a FIFO cannot hang it, /dev/zero cannot
// flood it), in the first of these places that exists. A JavaScript or TypeScript config would run the
// repository's code before anything was confirmed, so such a file is refused, not loaded.
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { readInputFileAsync } from '../files/read-input.js';
import { type FixtureProblem, type Parsed, parseJsonText, parseYamlText } from './load.js';

/** Where the configuration may be, in the order searched; `package.json` holds it under its `hookrun` key. */
export const CONFIG_PLACES = [
  'package.json',
  '.hookrunrc',
  '.hookrunrc.json',
  '.hookrunrc.yaml',
  '.hookrunrc.yml',
  '.hookrunrc.toml',
  'hookrun.config.json',
  'hookrun.config.yaml',
  'hookrun.config.yml',
  'hookrun.config.toml',
] as const;

/** Names that hold code: refused, whatever else is there. */
const CODE_PLACES = ['.hookrunrc', 'hookrun.config'].flatMap((base) => ['js', 'cjs', 'mjs', 'ts', 'cts', 'mts'].map((ext) => `${base}.${ext}`));

export type ConfigFound = { file: string; parsed: Parsed } | { problems: FixtureProblem[] } | undefined;

const at = (file: string, message: string): { problems: FixtureProblem[] } => ({ problems: [{ file, line: 0, column: 0, message }] });

async function readOrUndefined(file: string): Promise<string | undefined> {
  try {
    return await readInputFileAsync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** The configuration in `dir`: its parsed value (with positions), a problem, or undefined when there is none. */
export async function findProjectConfig(dir: string): Promise<ConfigFound> {
  for (const name of CODE_PLACES) {
    const file = path.join(dir, name);
    // Whatever it is (a FIFO included), its name says code: refused without opening it.
    if (
      !(await lstat(file).then(
        () => true,
        () => false,
      ))
    )
      continue;
    return at(
      file,
      `${name} is code, and hookrun never runs a repository's code to read its own configuration; ` +
        'write the same settings as hookrun.config.json, .yaml or .toml (or under the "hookrun" key of package.json)',
    );
  }
  for (const name of CONFIG_PLACES) {
    const file = path.join(dir, name);
    let text: string | undefined;
    try {
      text = await readOrUndefined(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return at(file, `cannot read the hookrun configuration: ${code ?? (error as Error).message}`);
    }
    if (text === undefined) continue;
    const parsed = await parseConfig(name, text, file);
    if ('problems' in parsed) return parsed;
    if (name !== 'package.json') return { file, parsed };
    const own = parsed.value !== null && typeof parsed.value === 'object' ? (parsed.value as Record<string, unknown>).hookrun : undefined;
    if (own !== undefined) return { file, parsed: { value: own, locate: (p, options) => parsed.locate(['hookrun', ...p], options) } };
  }
  return undefined;
}

async function parseConfig(name: string, text: string, file: string): Promise<Parsed | { problems: FixtureProblem[] }> {
  const ext = path.extname(name);
  if (ext === '.json' || name === 'package.json') return parseJsonText(text, file);
  if (ext !== '.toml') return parseYamlText(text, file);
  const { parse, TomlError } = await import('smol-toml');
  try {
    return { value: parse(text), locate: () => ({ line: 0, column: 0 }) };
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    return { problems: [{ file, line: error.line, column: error.column, message: `invalid TOML: ${error.message.split('\n')[0]}` }] };
  }
}
