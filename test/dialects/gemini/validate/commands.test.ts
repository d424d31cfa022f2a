// Script checks: what bash would start, found the way Gemini CLI expands the command; anything
// hookrun cannot know statically is skipped, never reported.
import fs from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { parse } from 'shell-quote';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRootKey, trustedHooksPath } from '../../../../src/dialects/gemini/trust/hooks.js';
import { splitPlainWords } from '../../../../src/dialects/gemini/validate/rules/commands.js';
import { validateGemini } from '../../../../src/dialects/gemini/validate/validate.js';
import { makeSandbox, type Sandbox } from '../sandbox.js';

const COMMAND_CODES = new Set(['script-not-found', 'script-not-executable', 'command-not-on-path', 'braced-variable']);

let s: Sandbox;
beforeAll(async () => {
  s = await makeSandbox();
  await s.write(path.join(s.workspace, 'hooks', 'ok.sh'), '#!/bin/sh\necho ok\n');
  await fs.chmod(path.join(s.workspace, 'hooks', 'ok.sh'), 0o755);
  await s.write(path.join(s.workspace, 'hooks', 'plain.sh'), 'echo plain\n');
  await fs.chmod(path.join(s.workspace, 'hooks', 'plain.sh'), 0o644);
  await s.write(path.join(s.workspace, 'hooks', 'check.js'), 'process.exit(0)\n');
  await s.write(path.join(s.workspace, 'local.sh'), 'echo local\n');
  await s.write(path.join(s.home, 'bin', 'tool.sh'), '#!/bin/sh\n');
  await fs.chmod(path.join(s.home, 'bin', 'tool.sh'), 0o755);
});
afterAll(async () => {
  await s.cleanup();
});

async function commandFindings(command: string, cwd = s.workspace) {
  await s.writeJson(path.join(cwd, '.gemini', 'settings.json'), { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command }] }] } });
  const result = validateGemini(s.ctx({ cwd, env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' } }));
  return result.findings.filter((finding) => COMMAND_CODES.has(finding.code)).map((finding) => finding.code);
}

describe('script checks', () => {
  it.each([
    ['$GEMINI_PROJECT_DIR/hooks/ok.sh', []],
    ['$GEMINI_CWD/hooks/ok.sh --flag', []],
    ['$CLAUDE_PROJECT_DIR/hooks/ok.sh', []],
    ['"$GEMINI_PROJECT_DIR/hooks/ok.sh"', []],
    ['./hooks/ok.sh', []],
    ['hooks/ok.sh', []],
    ['~/bin/tool.sh', []],
    ['FOO=1 BAR=2 ./hooks/ok.sh', []],
    ['./hooks/ok.sh && ./hooks/missing.sh', []],
    ['node hooks/check.js', []],
    ['node --no-warnings "$GEMINI_PROJECT_DIR/hooks/check.js"', []],
    ['bash hooks/plain.sh', []],
    ['sh -e hooks/plain.sh', []],
    ['$GEMINI_PROJECT_DIR/hooks/missing.sh', ['script-not-found']],
    ['./hooks', ['script-not-found']],
    ['FOO=1 ./missing.sh arg', ['script-not-found']],
    ['node hooks/missing.js', ['script-not-found']],
    ['python3 -u hooks/missing.py', ['script-not-found']],
    ['./hooks/plain.sh', ['script-not-executable']],
    ['local.sh', ['command-not-on-path']],
    ['hookrun-no-such-program', ['command-not-on-path']],
    ['bash "${GEMINI_PROJECT_DIR}/hooks/ok.sh"', ['braced-variable']],
    ['${GEMINI_PROJECT_DIR}/hooks/missing.sh', ['braced-variable', 'script-not-found']],
  ])('%j → %j', async (command, codes) => {
    expect(await commandFindings(command)).toEqual(codes);
  });

  it.each([
    'cd $GEMINI_PROJECT_DIR && ./missing.sh',
    '$UNSET_VARIABLE_FOR_HOOKRUN/missing.sh',
    '$GEMINI_PLANS_DIR/missing.sh',
    './hooks/*.sh',
    'echo $(./missing.sh)',
    '(./missing.sh)',
    'node -e "require(\'./missing.js\')"',
    'python3 -m missing_module',
    'bash -c ./missing.sh',
    'bun run lint',
    'exec ./missing.sh',
    'if true; then ./missing.sh; fi',
    'echo hi # ./missing.sh',
    'cat hooks/missing.txt',
  ])('skips what it cannot know statically: %j', async (command) => {
    expect((await commandFindings(command)).filter((code) => code !== 'command-not-on-path')).toEqual([]);
  });

  it('expands $GEMINI_PROJECT_DIR as Gemini CLI does: quoted inside quotes breaks a path with spaces', async () => {
    const spaced = path.join(s.root, 'with space');
    await s.write(path.join(spaced, 'hooks', 'ok.sh'), '#!/bin/sh\n');
    await fs.chmod(path.join(spaced, 'hooks', 'ok.sh'), 0o755);
    expect(await commandFindings('$GEMINI_PROJECT_DIR/hooks/ok.sh', spaced)).toEqual([]);
    expect(await commandFindings('"$GEMINI_PROJECT_DIR/hooks/ok.sh"', spaced)).toEqual(['script-not-found']);
    expect(await commandFindings('"${GEMINI_PROJECT_DIR}/hooks/ok.sh"', spaced)).toEqual(['braced-variable']);
  });

  it('checks only hooks Gemini CLI registers', async () => {
    await s.writeJson(s.workspaceSettings, { hooks: { BeforeTool: [{ hooks: [{ type: 'Command', command: './missing.sh' }] }] } });
    const codes = validateGemini(s.ctx({ env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' } })).findings.map((f) => f.code);
    expect(codes).toContain('invalid-hook-type');
    expect(codes).not.toContain('script-not-found');
  });
});

describe('the plain-words shortcut', () => {
  // Characters shell-quote treats as text, as blanks, and as anything else (quotes, escapes,
  // variables, globs, comments, operators, newlines, braces, tilde, non-ASCII).
  const text = 'aZ09_./:@%+,=-'.split('');
  const blanks = [' ', '\t'];
  const special = ['"', "'", '\\', '$', '`', '*', '?', '[', ']', '#', '|', '&', ';', '<', '>', '(', ')', '\n', '{', '}', '~', '!', 'é', '\r'];
  const env = (name: string) => `<${name}>`;

  it('gives exactly the words shell-quote gives, whenever it applies', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...text, ...blanks, ...special), maxLength: 24 }), (line) => {
        const words = splitPlainWords(line);
        if (words !== undefined) expect(words).toEqual(parse(line, env));
      }),
      { numRuns: 3000 },
    );
  });

  it('applies to every line of plain words and blanks', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...text, ...blanks), maxLength: 40 }), (line) => {
        expect(splitPlainWords(line)).toEqual(parse(line, env));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves anything else to shell-quote', () => {
    // The last one would take ages with a pattern that can split a word in many ways (it did: a hook
    // command with `&&` hung validate).
    for (const line of ['a "b c"', "a 'b'", 'a\\ b', 'a $B', 'a *.sh', 'a # c', 'a | b', 'a\nb', 'a ~/b', 'a {b,c}', `${'a'.repeat(60)} &&`]) {
      expect(splitPlainWords(line)).toBeUndefined();
    }
  });
});

describe('values that cannot become text', () => {
  it('a hook name like {"toString": false}: schema-invalid, and the duplicate check goes on without it', async () => {
    await s.writeJson(path.join(s.workspace, '.gemini', 'settings.json'), {
      hooks: {
        BeforeTool: [
          {
            hooks: [
              { type: 'command', name: { toString: false }, command: 'true' },
              { type: 'command', name: 'twice', command: 'true' },
              { type: 'command', name: 'twice', command: 'true' },
            ],
          },
        ],
      },
    });
    const result = validateGemini(s.ctx({ env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' } }), { ignore: ['untrusted-project-hook'] });
    expect(result.findings.map((finding) => finding.code).sort()).toEqual(['duplicate-hook', 'schema-invalid']);
  });
});

describe('untrusted-project-hook uses the key Gemini CLI records', () => {
  it('a plugin hook is recorded as "name:" (Gemini keys only command hooks by their command)', async () => {
    await s.writeJson(path.join(s.workspace, '.gemini', 'settings.json'), {
      hooks: {
        BeforeTool: [
          {
            hooks: [
              { type: 'plugin', name: 'p', command: 'true' },
              { type: 'command', name: 'c', command: 'true' },
            ],
          },
        ],
      },
    });
    const ctx = s.ctx({ env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' } });
    await s.writeJson(trustedHooksPath(ctx), { [projectRootKey(ctx)]: ['p:', 'c:true'] });
    expect(validateGemini(ctx).findings.filter((finding) => finding.code === 'untrusted-project-hook')).toEqual([]);
  });
});
