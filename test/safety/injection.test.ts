// No event value becomes shell code: the workspace path (cwd), session_id and tool input reach a real hook
// as exact data — through quoted command expansion, the environment and stdin — and no marker file
// appears. Plus a property test of the expansion itself against a real bash.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, test as base, vi } from 'vitest';
import { expandCommand } from '../../src/dialects/gemini/shell.js';
import { tempDir } from '../helpers/hooks.js';
import { beforeTool, json, makeWorkspace, type Workspace } from './support.js';

// Every case starts the real bin, sometimes several times; on a loaded shared machine one start can take seconds.
vi.setConfig({ testTimeout: 120_000 });

const test = base.extend<{ w: Workspace }>({
  // eslint-disable-next-line no-empty-pattern
  w: async ({}, use) => {
    const w = await makeWorkspace();
    await use(w);
    await w.cleanup();
  },
});

/** Every way a value could try to run `touch <marker>`. */
const attacks = (marker: string) => [
  `$(touch ${marker}a)`,
  `\`touch ${marker}b\``,
  `; touch ${marker}c;`,
  `' ; touch ${marker}d ; '`,
  `" ; touch ${marker}e ; "`,
  `\n touch ${marker}f \n`,
  `| touch ${marker}g`,
  `&& touch ${marker}h`,
  `$((0))\${IFS}*?[x]{a,b}#`,
];

function markers(...dirs: string[]): string[] {
  return dirs.flatMap((dir) => fs.readdirSync(dir).filter((name) => name.startsWith('M_')));
}

/** A hook that writes what it received: expanded argv, the environment, stdin, its working directory. */
function recorder(out: string): string {
  return [
    `printf '%s\\0' $GEMINI_PROJECT_DIR $GEMINI_SESSION_ID > ${out}/argv`,
    `printf '%s\\0' "\${GEMINI_PROJECT_DIR}" "\${GEMINI_SESSION_ID}" "\${GEMINI_CWD}" > ${out}/env`,
    `pwd -P > ${out}/pwd`,
    `cat > ${out}/stdin`,
    `echo '{"decision":"allow"}'`,
  ].join('; ');
}

const nulSplit = (file: string) => fs.readFileSync(file, 'utf8').split('\0').slice(0, -1);

describe.concurrent('hostile event values reach the hook as data', () => {
  test('a workspace path made of shell syntax (quotes, $(), backticks, ;, newline)', async ({ w }) => {
    const hostile = path.join(w.root, `ws ${attacks('M_').join(' ').replace(/\//g, '_')}`);
    fs.mkdirSync(path.join(hostile, '.gemini'), { recursive: true });
    const out = path.join(w.root, 'out');
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(hostile, '.gemini', 'settings.json'), JSON.stringify(beforeTool(recorder(out))));
    const session = `s ${attacks('M_').join(' ')}`;
    const result = await w.run(['-C', hostile, 'run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--event', JSON.stringify({ session_id: session })]);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ decision: 'allow' });
    expect(nulSplit(path.join(out, 'argv'))).toEqual([hostile, session]);
    expect(nulSplit(path.join(out, 'env'))).toEqual([hostile, session, hostile]);
    expect(fs.readFileSync(path.join(out, 'pwd'), 'utf8')).toBe(`${hostile}\n`);
    expect(JSON.parse(fs.readFileSync(path.join(out, 'stdin'), 'utf8'))).toMatchObject({ cwd: hostile, session_id: session });
    expect(markers(w.root, hostile, w.ws)).toEqual([]);
  });

  test('tool input with shell syntax, quotes, newlines and NUL arrives on stdin exactly', async ({ w }) => {
    const out = path.join(w.root, 'out');
    fs.mkdirSync(out);
    await w.settings(beforeTool(recorder(out)));
    const toolInput = {
      command: attacks('M_').join(''),
      nul: 'a\u0000b\u0000',
      controls: '\u0001\u001f\u007f\t\r\n',
      quotes: `'"\\'"\\`,
      unicode: 'é€😀\u2028\u2029',
      nested: { deeper: [attacks('M_')[0], null, 1.5e300, true] },
    };
    const result = await w.run(['run', 'BeforeTool', '--tool', 'run_shell_command', '--trust-workspace', '--tool-input', JSON.stringify(toolInput)]);
    expect(result.exitCode).toBe(0);
    const received = JSON.parse(fs.readFileSync(path.join(out, 'stdin'), 'utf8'));
    expect(received.tool_input).toEqual(toolInput);
    expect(received.tool_name).toBe('run_shell_command');
    expect(markers(w.root, w.ws)).toEqual([]);
  });

  test('NUL in session_id cannot be passed to a process: the hook cannot start, nothing runs, it is reported', async ({ w }) => {
    await w.settings(beforeTool({ name: 'guard', command: `touch ${w.root}/M_ran` }));
    const event = JSON.stringify({ session_id: 'a\u0000; touch M_x' });
    const open = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--json', '--event', event]);
    expect(open.exitCode).toBe(0);
    expect(json(open).results[0]).toMatchObject({ name: 'guard', success: false, error: expect.stringMatching(/^cannot start "bash"/) });
    const closed = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--fail-closed', '--event', event]);
    expect(closed.exitCode).toBe(2);
    expect(markers(w.root, w.ws)).toEqual([]);
  });
});

describe('expandCommand against a real bash (property)', () => {
  // Characters that mean something to bash, plus fragments that would run `touch` if unquoted.
  const unit = fc.oneof(
    fc.constantFrom(...'$`\'"\\;|&<>(){}[]*?#~=%^,:@! \t\nab-_./'.split('')),
    fc.constantFrom(...attacks('M_')),
    fc.string({ maxLength: 3 }),
  );
  const value = fc.array(unit, { maxLength: 12 }).map((parts) => parts.join('').replace(/\0/g, ''));

  // Gemini CLI's escaping (shell-quote 1.8.3) has two known imperfections, both harmless and both Gemini's:
  // a leading `~` is left for bash's tilde expansion, and `!` keeps a backslash inside double quotes
  // (used when the value holds a `'`). Neither runs code; exactness is asserted everywhere else.
  const exactlyQuoted = (s: string) => !s.startsWith('~') && !(s.includes("'") && s.includes('!'));

  test('every value is exactly one word, and nothing it contains is executed', () => {
    const dir = tempDir('hookrun-quote-');
    try {
      fc.assert(
        fc.property(fc.array(value, { minLength: 1, maxLength: 40 }), (values) => {
          // One bash for a whole batch: each line prints its expansion as NUL-terminated words.
          const script = values
            .map((v) => expandCommand("printf '%s\\0' $GEMINI_PROJECT_DIR; printf '\\1'", { cwd: v, plansDir: '', sessionId: '' }, 'bash'))
            .join('\n');
          const out = execFileSync('bash', ['-c', script], { cwd: dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir } }).toString();
          const lines = out.split('\u0001').slice(0, -1);
          expect(lines).toHaveLength(values.length);
          lines.forEach((line, i) => {
            const v = values[i]!;
            // The empty string expands to nothing (Gemini: esc('') is ''), so printf prints one empty word.
            const words = line.split('\0').slice(0, -1);
            expect(words).toHaveLength(1);
            if (exactlyQuoted(v)) expect(words[0]).toBe(v);
          });
          expect(markers(dir)).toEqual([]);
        }),
        { numRuns: 25 },
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
