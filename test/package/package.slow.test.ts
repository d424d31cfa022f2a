// The package as a user gets it: `npm pack`, installed into an empty project with no registry
// (everything it loads is bundled into dist/), quiet, on PATH through npx, with the README's links
// inside the package; and the repository's GitHub Action's shell steps against a temp project.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { REPO } from '../helpers/cli.js';

let root: string;
let env: Record<string, string>;
let tarball: string;

beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-package-')));
  // A home of its own: an empty npm cache, no user config, no Gemini settings of the machine.
  fs.mkdirSync(path.join(root, 'home'));
  env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: path.join(root, 'home'),
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    npm_config_update_notifier: 'false',
    GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(root, 'etc', 'settings.json'),
    GEMINI_CLI_SYSTEM_DEFAULTS_PATH: path.join(root, 'etc', 'system-defaults.json'),
    GEMINI_CLI_TRUSTED_FOLDERS_PATH: path.join(root, 'trustedFolders.json'),
  };
  const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', root], { cwd: REPO, env, encoding: 'utf8' }).trim();
  tarball = path.join(root, name);
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

const run = (file: string, args: string[], cwd: string, extra: Record<string, string> = {}) =>
  spawnSync(file, args, { cwd, env: { ...env, ...extra }, encoding: 'utf8', timeout: 120_000 });

describe('npm pack, installed into an empty project', () => {
  let project: string;
  let installed: string;
  let install: ReturnType<typeof run>;

  beforeAll(() => {
    project = path.join(root, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), '{"name":"empty","version":"1.0.0","private":true}\n');
    install = run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], project);
    installed = path.join(project, 'node_modules', 'hookrun');
  }, 120_000);

  test('installs offline, alone, without a warning or an install script', () => {
    expect(install.status, install.stderr).toBe(0);
    expect(install.stderr).toBe('');
    expect(install.stdout).not.toMatch(/warn/i);
    const lock = JSON.parse(fs.readFileSync(path.join(project, 'node_modules', '.package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    expect(Object.keys(lock.packages)).toEqual(['node_modules/hookrun']);
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(Object.keys(manifest.scripts ?? {}).filter((s) => /^(pre|post)?(install|prepare)$/.test(s))).toEqual([]);
    const size = execFileSync('du', ['-sk', installed], { encoding: 'utf8' }).split('\t')[0];
    console.log(`[measure] packed ${fs.statSync(tarball).size} bytes; installed: 1 package, ${size} KiB`);
  });

  test('`npx --no-install hookrun --version` works there', () => {
    const result = run('npx', ['--no-install', 'hookrun', '--version'], project);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('0.1.0\n');
    expect(result.status).toBe(0);
  });

  test('the commands that load the bundled libraries run from the package alone', () => {
    const ws = path.join(root, 'ws');
    fs.mkdirSync(path.join(ws, '.gemini'), { recursive: true });
    fs.writeFileSync(
      path.join(ws, '.gemini', 'settings.json'),
      '{ // JSONC\n "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "no", "command": "echo \'{\\"decision\\":\\"deny\\",\\"reason\\":\\"r\\"}\'"}]}]}}\n',
    );
    fs.writeFileSync(
      path.join(ws, 'a.hooktest.yaml'),
      'defaults: { trust: true }\ncases:\n  - name: denied\n    event: BeforeTool\n    tool: run_shell_command\n    expect: { exitCode: 2, decision: deny }\n',
    );
    const bin = path.join(project, 'node_modules', '.bin', 'hookrun');
    expect(run(bin, ['run', 'BeforeTool', '--tool', 'x', '--trust-workspace', '--quiet'], ws).status).toBe(2);
    const validated = run(bin, ['validate', '--format', 'json'], ws);
    expect(validated.stderr).toBe('');
    expect(JSON.parse(validated.stdout)).toMatchObject({ summary: { errors: 0 } });
    const tested = run(bin, ['test', '--ci'], ws);
    expect(tested.stdout).toContain('1 passed');
    expect(tested.status).toBe(0);
    expect(run(bin, ['schema', 'fixture'], ws).status).toBe(0);
  });

  test("README's and docs' relative links point at files in the package", () => {
    const pages = ['README.md', ...fs.readdirSync(path.join(installed, 'docs')).map((f) => `docs/${f}`)];
    const broken: string[] = [];
    let links = 0;
    for (const page of pages) {
      const text = fs.readFileSync(path.join(installed, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        links++;
        if (!fs.existsSync(path.join(installed, path.dirname(page), target!))) broken.push(`${page}: ${target}`);
      }
    }
    expect(links).toBeGreaterThan(20);
    expect(broken).toEqual([]);
    expect(fs.readFileSync(path.join(installed, 'LICENSE'), 'utf8')).toContain('Apache License\n                           Version 2.0, January 2004');
  });
});

describe('action.yml: the composite action', () => {
  const action = parse(fs.readFileSync(path.join(REPO, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default: string }>;
    runs: { using: string; steps: { name?: string; shell?: string; run?: string; env?: Record<string, string> }[] };
  };
  const step = (name: string) => {
    const found = action.runs.steps.find((s) => s.name === name);
    if (!found?.run) throw new Error(`action.yml has no step "${name}"`);
    return found;
  };
  /** A step's env with `${{ inputs.x }}` given its default or the override, as the runner does. */
  const stepEnv = (s: { env?: Record<string, string> }, inputs: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(s.env ?? {}).map(([key, value]) => [
        key,
        value.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, input: string) => inputs[input] ?? action.inputs[input]!.default),
      ]),
    );

  test('install, validate, test: annotations and a JUnit report for a temp project', () => {
    expect(action.runs.using).toBe('composite');
    const prefix = path.join(root, 'global');
    const runnerTemp = path.join(root, 'runner-temp');
    fs.mkdirSync(runnerTemp);
    const base = {
      GITHUB_ACTION_PATH: REPO,
      RUNNER_TEMP: runnerTemp,
      npm_config_prefix: prefix,
      npm_config_offline: 'true',
      PATH: `${path.join(prefix, 'bin')}:${env.PATH}`,
    };
    // The action packs hookrun once (its build step, on a cache miss), then installs the package.
    const built = run('bash', ['-c', step('Build hookrun').run!], root, base);
    expect(built.status, built.stderr).toBe(0);
    const installed = run('bash', ['-c', step('Install hookrun').run!], root, base);
    expect(installed.stderr, installed.stdout).not.toMatch(/warn|error/i);
    expect(installed.stdout).toContain('0.1.0');
    expect(installed.status).toBe(0);

    const ws = path.join(root, 'ci-project');
    fs.mkdirSync(path.join(ws, '.gemini'), { recursive: true });
    fs.writeFileSync(
      path.join(ws, '.gemini', 'settings.json'),
      '{\n  "hooks": {\n    "BeforeTol": [{"hooks": [{"type": "command", "command": "true"}]}],\n    "BeforeTool": [{"hooks": [{"type": "command", "name": "ok", "command": "echo allowed"}]}]\n  }\n}\n',
    );
    fs.writeFileSync(
      path.join(ws, 'a.hooktest.yaml'),
      'defaults: { trust: true }\ncases:\n  - name: passes\n    event: BeforeTool\n    tool: read_file\n    expect: { exitCode: 0 }\n  - name: fails\n    event: BeforeTool\n    tool: read_file\n    expect: { exitCode: 2 }\n',
    );
    const inputs = { 'working-directory': ws, junit: 'out/junit.xml' };
    fs.mkdirSync(path.join(ws, 'out'));
    const validate = step('hookrun validate');
    const validated = run('bash', ['-c', validate.run!], root, { ...base, ...stepEnv(validate, inputs), GITHUB_WORKSPACE: ws });
    expect(validated.stdout).toMatch(/^::error file=\.gemini\/settings\.json,line=3,col=5,.*BeforeTol/m);
    expect(validated.status).toBe(1);

    const testStep = step('hookrun test');
    const tested = run('bash', ['-c', testStep.run!], root, { ...base, ...stepEnv(testStep, inputs), GITHUB_WORKSPACE: ws });
    expect(tested.stdout).toMatch(/^::error file=a\.hooktest\.yaml,line=\d+/m);
    expect(tested.status).toBe(1);
    const junit = fs.readFileSync(path.join(ws, 'out', 'junit.xml'), 'utf8');
    expect(junit).toContain('tests="2" failures="1"');
  }, 180_000);
});

test('a checkout without dist/ (a git URL install) says what to run, exit 1', () => {
  const checkout = path.join(root, 'unbuilt');
  fs.cpSync(path.join(REPO, 'bin'), path.join(checkout, 'bin'), { recursive: true });
  fs.copyFileSync(path.join(REPO, 'package.json'), path.join(checkout, 'package.json'));
  const result = run('node', [path.join(checkout, 'bin', 'hookrun.js'), '--version'], root);
  expect(result.stderr).toBe(`hookrun: error: ${path.join(checkout, 'dist')} is not built; run \`npm ci && npm run build\` in ${checkout} (README: Install)\n`);
  expect(result.status).toBe(1);
});
