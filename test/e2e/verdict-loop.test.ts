// examples/verdict-loop: the bash, Python and Node agent loops, which read nothing but the dialect-neutral
// verdict, run through real processes against the same guard configured in every agent hookrun knows (the
// registry's names: a new dialect without an example config fails here). Each loop must act the same in every
// dialect (block with the same reason; rewrite and add context where the agent lets a hook do so), and run
// nothing when the folder is not trusted and the guard did not run.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECT_NAMES, type DialectName } from '../../src/dialects/names.js';
import { BIN, makeSandbox, REPO, type Sandbox } from '../helpers/cli.js';

const TIMEOUT = 120_000;
const example = path.join(REPO, 'examples', 'verdict-loop');
const tmpRoot = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'hookrun-verdict-loop-')));
const sandboxes: Sandbox[] = [];
afterAll(async () => {
  fs.rmSync(tmpRoot, { recursive: true, force: true });
  await Promise.all(sandboxes.map((sb) => sb.cleanup()));
});
const hasPython = spawnSync('python3', ['--version'], { stdio: 'ignore' }).status === 0;

const calls = path.join(tmpRoot, 'calls.txt');
fs.writeFileSync(calls, 'ls -la\nrm -rf /\ngit push --force\n');

/** The sandbox's isolated environment (its own HOME, system paths, trust file), with hookrun to call. */
async function env(trusted: boolean): Promise<NodeJS.ProcessEnv> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  return { ...sb.env, HOOKRUN: `${process.execPath} ${BIN}`, ...(trusted ? { HOOKRUN_TRUST_WORKSPACE: 'true' } : {}) };
}

/** Runs one loop to its end: its stdout (what the agent did), stderr and exit code. */
async function agent(program: string[], args: string[], trusted = true): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const environment = await env(trusted);
  return new Promise((resolve, reject) => {
    const child = spawn(program[0]!, [...program.slice(1), ...args], { env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const LOOPS = [
  ['agent.sh (bash, run --json)', ['bash', path.join(example, 'agent.sh')], true, ''],
  ['agent.py (Python, serve)', ['python3', path.join(example, 'agent.py')], hasPython, 'python3 is not on PATH'],
  ['agent.mjs (Node, run --json)', [process.execPath, path.join(example, 'agent.mjs')], true, ''],
] as const;

// What each agent honours from a pre-tool hook beyond a block (which every agent honours, with its reason):
// a rewritten tool input, and context added for the model. The guard gives each only where it is honoured:
// - gemini: BeforeTool hookSpecificOutput.tool_input and additionalContext (docs/gemini.md, docs/verdict.md)
// - claude, codex: updatedInput and additionalContext (docs/claude.md, docs/codex.md)
// - copilot: modifiedArgs and additionalContext (docs/copilot.md)
// - cursor, kiro, antigravity: neither before a tool (docs/cursor.md, docs/kiro.md, docs/antigravity.md)
// - droid: the deciding allow's updatedInput, merged over the tool input; no PreToolUse context is said to
//   reach the model (docs/droid.md, "Answers and the merge")
// - auggie: updatedInput (the last hook's) and joined contexts (docs/auggie.md, "Answers and the merge")
// - qwen: neither: Qwen's PreToolUse answer is a permission decision and its reason (docs/qwen.md; its
//   PreToolUseOutput in hooks/types.ts has no updatedInput), so `git push --force` runs as asked
// - vscode: hookSpecificOutput.updatedInput rewrites, context is kept (docs/vscode.md, "Answers, merge and
//   exit code")
const HONOURS: Record<DialectName, { rewrite: boolean; context: boolean }> = {
  gemini: { rewrite: true, context: true },
  claude: { rewrite: true, context: true },
  codex: { rewrite: true, context: true },
  copilot: { rewrite: true, context: true },
  cursor: { rewrite: false, context: false },
  kiro: { rewrite: false, context: false },
  antigravity: { rewrite: false, context: false },
  droid: { rewrite: true, context: false },
  auggie: { rewrite: true, context: true },
  qwen: { rewrite: false, context: false },
  vscode: { rewrite: true, context: true },
};
const DIALECTS = DIALECT_NAMES;

function expected(dialect: string): string {
  const { rewrite, context } = HONOURS[dialect as DialectName];
  return [
    '[1] ls -la',
    ...(context ? ['    CONTEXT  guard: checked "ls -la"'] : []),
    '    RUN      ls -la',
    '[2] rm -rf /',
    '    BLOCKED  skipped; the model is told: rm -rf is not allowed here: delete the files one by one',
    '[3] git push --force',
    ...(rewrite ? ['    REWRITE  {"command":"git push --force-with-lease"}', '    RUN      git push --force-with-lease'] : ['    RUN      git push --force']),
    'agent: 2 ran, 1 blocked, 0 asked, 0 unguarded, stopped: no',
    '',
  ].join('\n');
}

describe('verdict-loop examples', () => {
  it('has a config, a row in dialects.json and an expectation for every dialect in the registry', () => {
    const table = JSON.parse(fs.readFileSync(path.join(example, 'dialects.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(table).sort()).toEqual([...DIALECT_NAMES].sort());
    expect(Object.keys(HONOURS).sort()).toEqual([...DIALECT_NAMES].sort());
    const configured = fs.readdirSync(path.join(example, 'agents')).filter((name) => fs.readdirSync(path.join(example, 'agents', name)).length > 0);
    expect(configured.sort()).toEqual([...DIALECT_NAMES].sort());
  });
});

describe.each(LOOPS)('verdict-loop/%s', (_name, program, available, missing) => {
  it.skipIf(!available)(
    `acts on the verdict alike in every dialect${available ? '' : ` (skipped: ${missing})`}`,
    async () => {
      const runs = await Promise.all(DIALECTS.map((dialect) => agent([...program], [dialect, calls])));
      DIALECTS.forEach((dialect, i) => {
        const run = runs[i]!;
        expect(run.status, `${dialect}: ${run.stderr}`).toBe(0);
        expect(run.stdout, dialect).toBe(expected(dialect));
      });
    },
    TIMEOUT,
  );

  it.skipIf(!available)(
    'runs nothing when the folder is not trusted: the verdict names the guard that did not run',
    async () => {
      const run = await agent([...program], ['claude', calls], false);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('[2] rm -rf /\n    UNGUARDED guard "node ../../guard.mjs claude" did not run (untrusted)\n');
      expect(run.stdout).toContain('agent: 0 ran, 0 blocked, 0 asked, 3 unguarded, stopped: no');
    },
    TIMEOUT,
  );
});
