// "Safe by default, second round": what an attack campaign broke, through the real bin. Classes 3 (.env
// variables that make other programs run code), 6 (secrets printed), 7 (a value inside an arithmetic
// context) and 9's quick ones (serve ids and params, the lock rule). The runaway regexes (class 4) are in
// regex-hang.slow.test.ts; the output bound per event (class 9) in output-budget.alone.test.ts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test as base, vi } from 'vitest';
import { beforeTool, makeWorkspace, type Workspace } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

const test = base.extend<{ w: Workspace }>({
  // eslint-disable-next-line no-empty-pattern
  w: async ({}, use) => {
    const w = await makeWorkspace();
    await use(w);
    await w.cleanup();
  },
});

const trustFolder = (w: Workspace) => fs.writeFileSync(w.env.GEMINI_CLI_TRUSTED_FOLDERS_PATH!, JSON.stringify({ [w.ws]: 'TRUST_FOLDER' }));
/** A user-level hook: the user's own, which a project .env must not turn against them. */
const userHook = (w: Workspace, command: string) => {
  fs.mkdirSync(path.join(w.home, '.gemini'), { recursive: true });
  fs.writeFileSync(path.join(w.home, '.gemini', 'settings.json'), JSON.stringify(beforeTool(command)));
};

describe.concurrent('class 3: a project .env cannot steer the programs a hook runs', () => {
  test("XDG_CONFIG_HOME points git at the repository's config, whose core.fsmonitor runs: withheld, git's own config stays", async ({ w }) => {
    execFileSync('git', ['init', '-q', w.ws]);
    fs.mkdirSync(path.join(w.ws, 'cfg', 'git'), { recursive: true });
    fs.writeFileSync(path.join(w.ws, 'cfg', 'git', 'config'), `[core]\n\tfsmonitor = "touch ${w.root}/pwned; false"\n`);
    fs.writeFileSync(path.join(w.ws, '.env'), 'XDG_CONFIG_HOME=./cfg\n');
    userHook(w, 'git status --short > /dev/null 2>&1; true');
    trustFolder(w);
    const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(fs.existsSync(path.join(w.root, 'pwned'))).toBe(false);
    expect(result.stderr).toContain('sets XDG_CONFIG_HOME');
    expect(result.stderr).toContain('where programs find their configuration');
  });

  test.each([
    ['GIT_DIR', './evil.git'],
    ['GIT_EXEC_PATH', './bin'],
    ['GIT_TEMPLATE_DIR', './templates'],
    ['PAGER', 'sh -c "touch x"'],
    ['MANPAGER', 'sh -c "touch x"'],
    ['EDITOR', './evil.sh'],
    ['VISUAL', './evil.sh'],
    ['BROWSER', './evil.sh'],
    ['npm_config_registry', 'https://evil.invalid/'],
    ['NPM_CONFIG_USERCONFIG', './npmrc'],
    ['YARN_YARN_PATH', './evil.cjs'],
    ['PIP_INDEX_URL', 'https://evil.invalid/simple'],
    ['LESSOPEN', '|./evil.sh %s'],
    ['KUBECONFIG', './kube'],
    ['GEMINI_CLI_HOME', './home'],
    ['CLAUDE_CONFIG_DIR', './claude'],
    ['HTTPS_PROXY', 'http://evil.invalid:8080'],
    ['SSL_CERT_FILE', './ca.pem'],
    ['GOFLAGS', '-toolexec=./evil.sh'],
    ['RUSTC_WRAPPER', './evil.sh'],
    ['PYTHONWARNINGS', 'ignore::evil.Warning'],
    ['DOTNET_STARTUP_HOOKS', './evil.dll'],
    ['OPENSSL_CONF', './openssl.cnf'],
    ['HOSTALIASES', './hosts'],
    ['GLIBC_TUNABLES', 'glibc.malloc.check=3'],
    ['PS4', '$(touch x)'],
  ])('%s from a project .env does not reach the hook', async (name, value) => {
    const w = await makeWorkspace();
    try {
      fs.writeFileSync(path.join(w.ws, '.env'), `${name}=${value}\nGREETING=hello\nNODE_ENV=development\nGIT_AUTHOR_NAME=Ann\n`);
      userHook(w, `${process.execPath} -e 'const e=process.env;require("fs").writeFileSync(process.argv[1],JSON.stringify([e[process.argv[2]]??null,e.GREETING,e.NODE_ENV,e.GIT_AUTHOR_NAME]))' ${w.root}/seen ${name}`);
      trustFolder(w);
      const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
      expect(result.exitCode, result.stderr).toBe(0);
      const [seen, ...ordinary] = JSON.parse(fs.readFileSync(path.join(w.root, 'seen'), 'utf8')) as (string | null)[];
      expect(seen).toBeNull();
      expect(result.stderr).toContain(`sets ${name}`);
      // The project's own settings still arrive, as Gemini CLI passes them.
      expect(ordinary).toEqual(['hello', 'development', 'Ann']);
    } finally {
      await w.cleanup();
    }
  });

  test('--env-allow names one back; validate warns with the class', async ({ w }) => {
    fs.writeFileSync(path.join(w.ws, '.env'), 'PAGER=./evil.sh\nGIT_DIR=./evil.git\n');
    userHook(w, `printenv PAGER > ${w.root}/seen || echo unset > ${w.root}/seen`);
    trustFolder(w);
    expect((await w.run(['run', 'BeforeTool', '--tool', 't', '--env-allow', 'PAGER'])).exitCode).toBe(0);
    expect(fs.readFileSync(path.join(w.root, 'seen'), 'utf8')).toBe('./evil.sh\n');
    const validate = await w.run(['validate', '--format', 'json']);
    const finding = (JSON.parse(validate.stdout) as { findings: { code: string; message: string }[] }).findings.find((f) => f.code === 'env-file-code-variable');
    expect(finding?.message).toContain('PAGER (a program that other programs start');
    expect(finding?.message).toContain('GIT_DIR (git');
  });
});
