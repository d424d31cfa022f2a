// The CI recipes as written (issue 33): the README's commands and action.yml's steps, run through the
// real bin against fresh checkouts of a Gemini project (a git repository no trust record covers, as on
// every CI runner), with fixtures and without. action.yml's inputs are checked against the registry.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { DIALECT_NAMES } from '../../src/dialects/index.js';
import { BIN, makeSandbox, REPO, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await makeSandbox();
});
afterEach(() => sb.cleanup());

const GUARD = `let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => {
  const e = JSON.parse(s);
  console.log(JSON.stringify(String(e.tool_input?.command).includes('rm -rf') ? { decision: 'deny', reason: 'no rm -rf' } : {}));
});\n`;
const FIXTURE = 'cases:\n  - name: rm -rf is denied\n    event: BeforeTool\n    tool: run_shell_command\n    toolInput: { command: "rm -rf /" }\n    expect: { outcome: block }\n';

/** A fresh checkout: a Gemini project with one guard hook, a git repository, and no trust record anywhere. */
async function checkout(withFixtures: boolean): Promise<void> {
  await execa('git', ['init', '-q', sb.ws]);
  await sb.write(
    'ws/.gemini/settings.json',
    JSON.stringify({ hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', name: 'guard', command: 'node hooks/guard.js' }] }] } }),
  );
  await sb.write('ws/hooks/guard.js', GUARD);
  if (withFixtures) await sb.write('ws/hooks.hooktest.yaml', FIXTURE);
}

/** `hookrun` on PATH as an installed one would be: the repository's bin. */
async function installedPath(): Promise<string> {
  const dir = path.join(sb.root, 'bin');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'hookrun'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
  await chmod(path.join(dir, 'hookrun'), 0o755);
  return `${dir}:${sb.env.PATH}`;
}

const bash = async (script: string, env: Record<string, string> = {}) =>
  execa('bash', ['-c', script], { cwd: sb.ws, env: { ...sb.env, PATH: await installedPath(), ...env }, extendEnv: false, reject: false });

/** The hookrun commands of the README's recipe without the action (the last sh block of "CI recipe"). */
async function readmeRecipe(): Promise<string[]> {
  const readme = await readFile(path.join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## CI recipe'), readme.indexOf('\n## ', readme.indexOf('## CI recipe') + 1));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks
    .at(-1)!
    .split('\n')
    .filter((line) => line.startsWith('hookrun '));
}

interface Step {
  name?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
  run?: string;
}
interface Action {
  inputs: Record<string, { description: string; default: string }>;
  runs: { steps: Step[] };
}
const action = parse(await readFile(path.join(REPO, 'action.yml'), 'utf8')) as Action;

/** A step's environment with every `${{ inputs.x }}` given the input's default (or `given`). */
function stepEnv(step: Step, given: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(step.env ?? {}).map(([name, value]) => [
      name,
      value.replace(/\$\{\{ inputs\.([\w-]+) \}\}/g, (_, input: string) => given[input] ?? action.inputs[input]!.default),
    ]),
  );
}

describe("the README's recipe", () => {
  test.each([
    ['with fixtures', true],
    ['without fixtures', false],
  ])('passes on a fresh checkout %s', async (_name, withFixtures) => {
    await checkout(withFixtures);
    const recipe = await readmeRecipe();
    expect(recipe.length).toBeGreaterThanOrEqual(2);
    for (const command of recipe) {
      const result = await bash(command);
      expect(result.exitCode, `${command}\n${result.stdout}${result.stderr}`).toBe(0);
      if (command.startsWith('hookrun test')) {
        if (withFixtures) expect(result.stdout).toContain('1 passed, 0 failed');
        else expect(result.stderr).toContain('nothing to test, a pass with --pass-with-no-fixtures');
      }
    }
  });

  test('without --trust-workspace the fresh checkout fails as the issue says: the trust story is needed', async () => {
    await checkout(true);
    expect((await bash('hookrun validate --strict')).exitCode).toBe(1);
    const test = await bash('hookrun test --ci');
    expect(test.stdout).toContain('expected block, got proceed');
    expect(test.exitCode).toBe(1);
    // A fixture's own `trust: false` still wins over --trust-workspace.
    await sb.write('ws/hooks.hooktest.yaml', FIXTURE.replace('    expect:', '    trust: false\n    expect:'));
    expect((await bash('hookrun test --ci --trust-workspace')).exitCode).toBe(1);
  });
});

describe('action.yml', () => {
  test('takes working-directory, trust-workspace and every dialect of the registry; runs no npx', () => {
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(['working-directory', 'dialect', 'trust-workspace', 'validate', 'test', 'junit']));
    for (const name of DIALECT_NAMES) expect(action.inputs.dialect!.description).toContain(name);
    for (const step of action.runs.steps) expect(step.run ?? '').not.toMatch(/\bnpx\b/);
  });

  test('builds hookrun once per hookrun commit: the package is cached under a key of the commit, built only on a miss', () => {
    const steps = action.runs.steps;
    const commit = steps.find((step) => step.run?.includes('git rev-parse HEAD'));
    const cache = steps.find((step) => step.uses?.startsWith('actions/cache@'));
    const build = steps.find((step) => step.run?.includes('npm pack'));
    expect(commit?.run).toContain('GITHUB_OUTPUT');
    expect(cache?.with?.key).toContain(`steps.${(commit as { id?: string }).id}.outputs.commit`);
    expect((build as { if?: string }).if).toBe(`steps.${(cache as { id?: string }).id}.outputs.cache-hit != 'true'`);
    expect(steps.indexOf(cache!)).toBeLessThan(steps.indexOf(build!));
  });

  test.each([
    ['with fixtures', true],
    ['without fixtures', false],
  ])("its validate and test steps pass on a fresh checkout %s, with the inputs' defaults", async (_name, withFixtures) => {
    await checkout(withFixtures);
    for (const name of ['hookrun validate', 'hookrun test']) {
      const step = action.runs.steps.find((s) => s.name === name)!;
      const result = await bash(step.run!, stepEnv(step, { 'working-directory': sb.ws }));
      expect(result.exitCode, `${name}\n${result.stdout}${result.stderr}`).toBe(0);
    }
    if (withFixtures) expect(await readFile(path.join(sb.ws, 'hookrun-junit.xml'), 'utf8')).toContain('rm -rf is denied');
  });
});
