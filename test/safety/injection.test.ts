// No event value becomes shell code: the workspace path (cwd), session_id and tool input reach a real hook
// as exact data — through quoted command expansion, the environment and stdin — and no marker file
// appears. Plus a property test of the expansion itself against a real bash.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, test as base, vi } from 'vitest';
import { expandCommand, expandCommandSafely } from '../../src/dialects/gemini/shell.js';
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

describe.concurrent('a value Gemini CLI would paste into quotes as code runs as data, with a warning', () => {
  test('the issue example: echo "s=$GEMINI_SESSION_ID" with session_id `s1 $(id > marker)`', async ({ w }) => {
    const out = path.join(w.root, 'out');
    await w.settings(beforeTool({ name: 'greet', command: `echo "s=$GEMINI_SESSION_ID" > ${out}; echo '{}'` }));
    const session = `s1 $(id > ${w.root}/M_id)`;
    const result = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--event', JSON.stringify({ session_id: session })]);
    expect(result.exitCode).toBe(0);
    expect(markers(w.root, w.ws)).toEqual([]);
    // What Gemini's text would have shown had the substitution been inert: its own quoting, as data.
    expect(fs.readFileSync(out, 'utf8')).toBe(`s='${session}'\n`);
    expect(result.stderr).toContain('[value-as-code]');
    expect(result.stderr).toContain('hook "greet": the value of $GEMINI_SESSION_ID would run as shell code in Gemini CLI');
    expect(result.stderr).toContain(JSON.stringify(`echo "s='${session}'" > ${out}; echo '{}'`));
    expect(result.stderr).toMatch(/settings\.json:\d+:\d+: hook "greet"/);
    // --quiet silences the report, not this: --json carries it as a diagnostic.
    const report = json(await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--json', '--event', JSON.stringify({ session_id: session })]));
    expect(report.diagnostics).toContainEqual(expect.objectContaining({ code: 'value-as-code', severity: 'warning' }));
    expect(markers(w.root, w.ws)).toEqual([]);
  });

  test('a benign session id is expanded exactly as Gemini CLI expands it, without a warning', async ({ w }) => {
    const out = path.join(w.root, 'out');
    await w.settings(beforeTool({ command: `echo "s=$GEMINI_SESSION_ID" > ${out}; echo '{}'` }));
    const result = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--json', '--event', JSON.stringify({ session_id: 's1 x' })]);
    expect(fs.readFileSync(out, 'utf8')).toBe(`s='s1 x'\n`);
    expect(json(result).results[0].command).toBe(`echo "s='s1 x'" > ${out}; echo '{}'`);
    expect(result.stderr).not.toContain('value-as-code');
  });

  test('$GEMINI_PROJECT_DIR in double quotes with a workspace path holding $(…)', async ({ w }) => {
    const hostile = path.join(w.root, `p $(touch ${w.root}/M_ws)`);
    fs.mkdirSync(path.join(hostile, '.gemini'), { recursive: true });
    const out = path.join(w.root, 'out');
    fs.writeFileSync(path.join(hostile, '.gemini', 'settings.json'), JSON.stringify(beforeTool(`printf '%s' "$GEMINI_PROJECT_DIR/x" > ${out}; echo '{}'`)));
    const result = await w.run(['-C', hostile, 'run', 'BeforeTool', '--tool', 't', '--trust-workspace']);
    expect(result.exitCode).toBe(0);
    expect(markers(w.root, hostile)).toEqual([]);
    expect(fs.readFileSync(out, 'utf8')).toBe(`'${hostile}'/x`);
    expect(result.stderr).toContain('the value of $GEMINI_PROJECT_DIR would run as shell code');
  });

  test('$GEMINI_PLANS_DIR (it holds the session id) in double quotes', async ({ w }) => {
    const out = path.join(w.root, 'out');
    await w.settings(beforeTool(`printf '%s' "$GEMINI_PLANS_DIR" > ${out}; echo '{}'`));
    const session = `a b$(touch ${w.root}/M_plans)`;
    const result = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--event', JSON.stringify({ session_id: session })]);
    expect(markers(w.root, w.ws)).toEqual([]);
    expect(fs.readFileSync(out, 'utf8')).toMatch(new RegExp(`^'.*/${session.replace(/[$()./]/g, '\\$&')}/plans'$`));
    expect(result.stderr).toContain('the value of $GEMINI_PLANS_DIR would run as shell code');
  });

  test.for([
    ['single quotes', `echo '$GEMINI_SESSION_ID' > OUT; echo '{}'`, `$(touch M_sq) x`, `'$(touch M_sq) x'\n`],
    ['a comment (a line break in the value)', `echo '{}' # $GEMINI_SESSION_ID`, `a\ntouch M_cmt`, undefined],
    ['a here-document', `cat > OUT <<EOF\n$GEMINI_SESSION_ID\nEOF\necho '{}'`, `$(touch M_hd) y`, `'$(touch M_hd) y'\n`],
    ['backquotes', "echo `echo $GEMINI_SESSION_ID` > OUT; echo '{}'", '`touch M_bq`', '`touch M_bq`\n'],
    ['a $(…) inside double quotes', `echo "$(echo "$GEMINI_SESSION_ID")" > OUT; echo '{}'`, `$(touch M_cs) z`, `'$(touch M_cs) z'\n`],
  ] as const)('in %s', async ([, template, session, expected], { w }) => {
    const out = path.join(w.root, 'out');
    await w.settings(beforeTool({ name: 'h', command: template.replace('OUT', out) }));
    const result = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--json', '--event', JSON.stringify({ session_id: session })]);
    expect(result.exitCode).toBe(0);
    expect(markers(w.root, w.ws)).toEqual([]);
    if (expected !== undefined) expect(fs.readFileSync(out, 'utf8')).toBe(expected);
    expect(json(result).diagnostics).toContainEqual(expect.objectContaining({ code: 'value-as-code' }));
  });
});

describe('expandCommand against a real bash (property)', () => {
  // Characters that mean something to bash, plus fragments that would run `touch` if unquoted.
  const unit = fc.oneof(fc.constantFrom(...'$`\'"\\;|&<>(){}[]*?#~=%^,:@! \t\nab-_./'.split('')), fc.constantFrom(...attacks('M_')), fc.string({ maxLength: 3 }));
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
          const script = values.map((v) => expandCommand("printf '%s\\0' $GEMINI_PROJECT_DIR; printf '\\1'", { cwd: v, plansDir: '', sessionId: '' }, 'bash')).join('\n');
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

describe('expandCommandSafely against a real bash (property): no value runs, benign ones expand as in Gemini CLI', () => {
  // One template per quoting a variable can sit in; each prints what the shell made of it.
  const templates = [
    `printf '%s\\0' $GEMINI_SESSION_ID`,
    `printf '%s\\0' "s=$GEMINI_SESSION_ID"`,
    `printf '%s\\0' 's=$GEMINI_SESSION_ID'`,
    `printf '%s\\0' "$(printf '%s' "$GEMINI_SESSION_ID")"`,
    `printf '%s\\0' $'a$GEMINI_SESSION_ID'`,
    `printf '%s\\0' x # $GEMINI_SESSION_ID`,
    `cat <<END_OF_IT\n$GEMINI_SESSION_ID\nEND_OF_IT`,
    `cat <<'END_OF_IT'\n$GEMINI_SESSION_ID\nEND_OF_IT`,
    'printf \'%s\\0\' `printf %s "$GEMINI_SESSION_ID"`',
    `printf '%s\\0' "\${X:-$GEMINI_SESSION_ID}" \\$GEMINI_SESSION_ID`,
    `printf '%s\\0' "$GEMINI_SESSION_ID" '$GEMINI_SESSION_ID' $GEMINI_SESSION_ID`,
  ];
  const unit = fc.oneof(fc.constantFrom(...'$`\'"\\;|&<>(){}[]*?#~=%^,:@! \t\nab-_./'.split('')), fc.constantFrom(...attacks('M_')), fc.string({ maxLength: 3 }));
  const hostile = fc.array(unit, { maxLength: 10 }).map((parts) => parts.join('').replace(/\0/g, ''));
  // No character bash reads as syntax inside any quoting (blanks split words in Gemini's text, as here); lower case,
  // since a value equal to a here-document's delimiter would end it early (flagged: the next line would run).
  const benign = fc.stringMatching(/^[a-z0-9 /._+,=@%:-]{0,20}$/);
  const values = (sessionId: string) => ({ cwd: '/w', plansDir: '/p', sessionId });

  test('a hostile value never runs, in any quoting; Gemini text is kept wherever nothing was flagged', () => {
    const dir = tempDir('hookrun-safe-quote-');
    try {
      fc.assert(
        fc.property(fc.array(hostile, { minLength: 1, maxLength: 4 }), (sessions) => {
          for (const session of sessions) {
            for (const template of templates) {
              const safe = expandCommandSafely(template, values(session));
              expect(safe.geminiCommand).toBe(expandCommand(template, values(session), 'bash'));
              if (safe.asCode.length === 0) expect(safe.command).toBe(safe.geminiCommand);
              try {
                execFileSync('bash', ['-c', safe.command], { cwd: dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...safe.env }, stdio: 'pipe' });
              } catch {
                // A syntax error Gemini's own quoting causes is not code running; only markers count.
              }
              expect(markers(dir), `${JSON.stringify(template)} with ${JSON.stringify(session)} ran ${JSON.stringify(safe.command)}`).toEqual([]);
            }
          }
        }),
        { numRuns: 6 },
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a benign value is never flagged: the command is byte for byte Gemini CLI`s', () => {
    // In `$'…'` and after a backslash the value's own quotes (a blank makes shell-quote add them) change
    // the quoting after it, so there only values without blanks are benign.
    const blankSensitive = (template: string) => template.includes("$'a") || template.includes('\\$GEMINI');
    fc.assert(
      fc.property(benign, (session) => {
        for (const template of templates) {
          if (/[ ]/.test(session) && blankSensitive(template)) continue;
          const safe = expandCommandSafely(template, values(session));
          expect(safe.asCode).toEqual([]);
          expect(safe.command).toBe(expandCommand(template, values(session), 'bash'));
        }
      }),
      { numRuns: 500 },
    );
  });

  test('a flagged value reaches the shell as the text Gemini pasted, read as data', () => {
    const session = `s1 $(touch M_x) "q"`;
    const safe = expandCommandSafely(`printf '%s' "s=$GEMINI_SESSION_ID"`, values(session));
    expect(safe.asCode).toEqual([{ variable: 'GEMINI_SESSION_ID', kind: 'code', dataVariable: 'HOOKRUN_DATA_1' }]);
    expect(safe.command).toBe(`printf '%s' "s=\${HOOKRUN_DATA_1}"`);
    const out = execFileSync('bash', ['-c', safe.command], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...safe.env } }).toString();
    expect(out).toBe(`s='${session}'`);
  });
});

describe('an arithmetic context (property, real bash): no quoting makes a pasted value data there, so only a number is pasted', () => {
  // Each place bash evaluates text as an arithmetic expression, which runs the $(…) inside it, quoted or not.
  const templates = [
    'echo $(( $GEMINI_SESSION_ID + 1 ))',
    'echo "$(( $GEMINI_SESSION_ID ))"',
    '(( n = $GEMINI_SESSION_ID )); echo $n',
    'echo $[ $GEMINI_SESSION_ID ]',
    'let "n = $GEMINI_SESSION_ID"; echo $n',
    '[[ $GEMINI_SESSION_ID -eq 1 ]] && echo one',
    '[[ 2 -gt "$GEMINI_SESSION_ID" ]] && echo more',
    'x=abcdef; echo ${x:$GEMINI_SESSION_ID}',
    'a=(1 2); echo ${a[$GEMINI_SESSION_ID]}',
    'a[$GEMINI_SESSION_ID]=1; echo ok',
    'for ((i = 0; i < $GEMINI_SESSION_ID; i++)); do echo $i; done',
  ];
  const values = (sessionId: string) => ({ cwd: '/w', plansDir: '/p', sessionId });
  const unit = fc.oneof(fc.constantFrom(...attacks('M_'), `a[$(touch M_arith)]`, `'$(touch M_sq)'`, 'x', ' ', '1'), fc.string({ maxLength: 3 }));
  const hostile = fc.array(unit, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('').replace(/\0/g, ''));

  test('a value that is not a number is refused (the hook does not start); what does run never runs a marker', () => {
    const dir = tempDir('hookrun-arith-');
    try {
      fc.assert(
        fc.property(hostile, (session) => {
          for (const template of templates) {
            const safe = expandCommandSafely(template, values(session));
            // An empty value pastes nothing (Gemini's escape of '' is ''), so nothing of it can run.
            if (/^(-?[0-9]+)?$/.test(session)) expect(safe.refused).toBeUndefined();
            else expect(safe.refused, `${template} with ${JSON.stringify(session)}`).toMatch(/arithmetic context/);
            if (safe.refused) continue;
            try {
              execFileSync('bash', ['-c', safe.command], { cwd: dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...safe.env }, stdio: 'pipe' });
            } catch {
              // An arithmetic error is not code running; only markers count.
            }
            expect(markers(dir), `${template} with ${JSON.stringify(session)} ran ${JSON.stringify(safe.command)}`).toEqual([]);
          }
        }),
        { numRuns: 40 },
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a value that starts with an operator character after `${x:` is the offset the command meant, and refused', () => {
    // Found by the property above (seed -599693862): "+" pasted after `${x:` made `${x:+}`, bash's
    // alternate-value operator, and the offset check did not see an arithmetic context any more.
    for (const value of ['+', '=', '?', '-', '+$(touch M_op)']) {
      expect(expandCommandSafely('x=abcdef; echo ${x:$GEMINI_SESSION_ID}', values(value)).refused, value).toMatch(/arithmetic context/);
    }
    expect(expandCommandSafely('x=abcdef; echo ${x:$GEMINI_SESSION_ID}', values('2')).refused).toBeUndefined();
  });

  test("Gemini CLI's text runs these values as code, which is why they are refused", () => {
    const dir = tempDir('hookrun-arith-gemini-');
    try {
      for (const template of templates.slice(0, 9)) {
        const gemini = expandCommand(template, values(`a[$(touch M_${templates.indexOf(template)})]`), 'bash');
        spawnBash(gemini, dir);
      }
      expect(markers(dir)).toHaveLength(9);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a number expands byte for byte as in Gemini CLI; values outside arithmetic keep their rules', () => {
    for (const template of templates) expect(expandCommandSafely(template, values('42')).command).toBe(expandCommand(template, values('42'), 'bash'));
    for (const template of [
      '[[ -d $GEMINI_SESSION_ID ]] || echo no',
      'echo ${x:-$GEMINI_SESSION_ID}',
      'echo $((1 + 2)) $GEMINI_SESSION_ID',
      'f() { echo "$1"; }; f $GEMINI_SESSION_ID',
    ]) {
      const safe = expandCommandSafely(template, values('5f1c2d3e-aaaa-bbbb'));
      expect(safe.refused, template).toBeUndefined();
      expect(safe.command).toBe(expandCommand(template, values('5f1c2d3e-aaaa-bbbb'), 'bash'));
    }
  });
});

function spawnBash(command: string, cwd: string): void {
  try {
    execFileSync('bash', ['-c', command], { cwd, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd }, stdio: 'pipe' });
  } catch {
    // Errors are expected; the markers say whether code ran.
  }
}
