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
      userHook(
        w,
        `${process.execPath} -e 'const e=process.env;require("fs").writeFileSync(process.argv[1],JSON.stringify([e[process.argv[2]]??null,e.GREETING,e.NODE_ENV,e.GIT_AUTHOR_NAME]))' ${w.root}/seen ${name}`,
      );
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

const TOKEN = 'tok-Zq81-very-secret-value';
/** A secret with the two characters JSON escapes: it is written differently at each level of escaping. */
const QUOTED = 'ab"cd\\ef-secret-value';
const jsonForms = (value: string) => [value, JSON.stringify(value).slice(1, -1), JSON.stringify(JSON.stringify(value).slice(1, -1)).slice(1, -1)];
/** A hook (node, no shell quoting) that answers with this environment variable inside a JSON answer. */
const answerWith = (variable: string, field: string, prefix = '') =>
  `${process.execPath} -e 'process.stdout.write(JSON.stringify({${field}: ${JSON.stringify(prefix)} + process.env.${variable}}))'`;

describe.concurrent('class 6: a secret is never printed, whatever reshapes it', () => {
  test('the text report masks before it cuts a line: no half of a secret shows before the ellipsis', async ({ w }) => {
    await w.settings(beforeTool({ name: 'guard', command: `${answerWith('MY_API_TOKEN', 'decision: "deny", reason', 'x'.repeat(85))}` }));
    const result = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace'], { env: { MY_API_TOKEN: TOKEN } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('→ deny: xxxx');
    expect(result.stderr).not.toContain(TOKEN.slice(0, 10));
  });

  test('a secret with " and \\ is masked in --json (where the hook\'s stdout is escaped twice) and in serve', async ({ w }) => {
    await w.settings(beforeTool({ name: 'leak', command: answerWith('MY_API_TOKEN', 'systemMessage', 'tok=') }));
    const env = { MY_API_TOKEN: QUOTED };
    const json = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--json'], { env });
    const request = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'run', params: { event: 'BeforeTool', input: { tool_name: 't' }, options: { report: true } } });
    const serve = await w.run(['serve', '--trust-workspace'], { env, input: `${request}\n` });
    for (const result of [json, serve]) {
      expect(result.stdout).toContain('${MY_API_TOKEN}');
      for (const form of jsonForms(QUOTED)) expect(result.stdout + result.stderr).not.toContain(form);
      expect(result.stdout).not.toContain('secret-value');
    }
  });

  test('a secret loaded from the project .env is masked like one of the environment', async ({ w }) => {
    fs.writeFileSync(path.join(w.ws, '.env'), 'MY_SERVICE_TOKEN=envfile-secret-value-123\n');
    userHook(w, answerWith('MY_SERVICE_TOKEN', 'systemMessage', 'service='));
    trustFolder(w);
    const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).systemMessage).toBe('service=${MY_SERVICE_TOKEN}');
    const json = await w.run(['run', 'BeforeTool', '--tool', 't', '--json']);
    expect(json.stdout + json.stderr).not.toContain('envfile-secret-value-123');
  });

  test('test --from-captures -o writes ${NAME}, not the secret, into the fixture file', async ({ w }) => {
    const captures = path.join(w.ws, '.hookrun', 'captures');
    fs.mkdirSync(captures, { recursive: true });
    const event = {
      hook_event_name: 'BeforeTool',
      session_id: 's',
      cwd: w.ws,
      tool_name: 'run_shell_command',
      tool_input: { command: `curl -H "Authorization: Bearer ${QUOTED}" https://api.invalid` },
    };
    fs.writeFileSync(path.join(captures, 'BeforeTool-2026-01-01T00-00-00Z-1.json'), JSON.stringify(event));
    const result = await w.run(['test', '--from-captures', '-o', 'recorded.hooktest.yaml'], { env: { MY_API_TOKEN: QUOTED } });
    expect(result.exitCode, result.stderr).toBe(0);
    const written = fs.readFileSync(path.join(w.ws, 'recorded.hooktest.yaml'), 'utf8');
    expect(written).toContain('${MY_API_TOKEN}');
    expect(written).not.toContain('secret-value');
  });
});

describe.concurrent('class 7: an event value or folder name inside an arithmetic context never runs', () => {
  test('session_id a[$(…)] in $(( )): Gemini would run it (quotes do not quote there); the hook does not start, and says why', async ({ w }) => {
    const out = path.join(w.root, 'out');
    await w.settings(beforeTool({ name: 'count', command: `echo $(( $GEMINI_SESSION_ID + 1 )) > ${out}; echo '{}'` }));
    const event = JSON.stringify({ session_id: `a[$(touch ${w.root}/pwned)]` });
    const result = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--json', '--event', event]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(fs.existsSync(path.join(w.root, 'pwned'))).toBe(false);
    expect(fs.existsSync(out)).toBe(false);
    const report = JSON.parse(result.stdout) as { results: { success: boolean; error: string }[]; diagnostics: { code: string; message: string }[] };
    expect(report.results[0]!.success).toBe(false);
    expect(report.results[0]!.error).toMatch(/\$GEMINI_SESSION_ID.*is not a number and sits in an arithmetic context/);
    expect(report.diagnostics).toContainEqual(expect.objectContaining({ code: 'value-as-code' }));
    const closed = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--fail-closed', '-q', '--event', event]);
    expect(closed.exitCode).toBe(2);
    expect(fs.existsSync(path.join(w.root, 'pwned'))).toBe(false);
  });

  test('a folder named $(…) in (( )) through $GEMINI_PROJECT_DIR: refused; a number still runs as in Gemini CLI', async ({ w }) => {
    const folder = path.join(w.root, `n $(touch ${w.root}/pwned)`);
    fs.mkdirSync(path.join(folder, '.gemini'), { recursive: true });
    fs.writeFileSync(path.join(folder, '.gemini', 'settings.json'), JSON.stringify(beforeTool(`(( x = $GEMINI_PROJECT_DIR )); echo '{}'`)));
    const refused = await w.run(['-C', folder, 'run', 'BeforeTool', '--tool', 't', '--trust-workspace']);
    expect(fs.existsSync(path.join(w.root, 'pwned'))).toBe(false);
    expect(refused.stderr).toContain('is not a number and sits in an arithmetic context');
    const out = path.join(w.root, 'out');
    await w.settings(beforeTool(`echo $(( $GEMINI_SESSION_ID + 1 )) > ${out}; echo '{}'`));
    const number = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--event', JSON.stringify({ session_id: '41' })]);
    expect(number.exitCode, number.stderr).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe('42\n');
    expect(number.stderr).not.toContain('value-as-code');
  });
});

describe.concurrent("class 7: an extension's ${workspacePath}, pasted raw when its hooks load, is a value like the others", () => {
  const extension = (w: Workspace, command: string) => {
    const dir = path.join(w.home, '.gemini', 'extensions', 'ext');
    fs.mkdirSync(path.join(dir, 'hooks'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'gemini-extension.json'), JSON.stringify({ name: 'ext', version: '1.0.0' }));
    fs.writeFileSync(path.join(dir, 'hooks', 'hooks.json'), JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', name: 'ext-hook', command }] }] } }));
  };

  test('a folder named with ; and $(…) reaches an extension hook as one word, and nothing runs', async ({ w }) => {
    // No slash in a folder name: the markers land in the hook's working directory, the folder itself.
    const folder = path.join(w.root, 'w;touch pwned1 $(touch pwned2)');
    fs.mkdirSync(folder);
    const out = path.join(w.root, 'out');
    extension(w, `printf '%s' \${workspacePath} > ${out}; echo '{}'`);
    const result = await w.run(['-C', folder, 'run', 'BeforeTool', '--tool', 't', '--trust-workspace']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect([...fs.readdirSync(w.root), ...fs.readdirSync(folder)].filter((name) => name.startsWith('pwned'))).toEqual([]);
    expect(fs.readFileSync(out, 'utf8')).toBe(folder);
    expect(result.stderr).toContain('the value of ${workspacePath} would run as shell code');
    expect(result.stderr).toContain('Write "${GEMINI_PROJECT_DIR}"');
  });

  test("a workspace .env value for an extension's setting, pasted raw by ${NAME}, reaches the hook as data", async ({ w }) => {
    const dir = path.join(w.home, '.gemini', 'extensions', 'ext');
    fs.mkdirSync(path.join(dir, 'hooks'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'gemini-extension.json'), JSON.stringify({ name: 'ext', version: '1.0.0', settings: [{ name: 'Region', envVar: 'REGION' }] }));
    const out = path.join(w.root, 'out');
    fs.writeFileSync(
      path.join(dir, 'hooks', 'hooks.json'),
      JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', name: 'ext-hook', command: `printf '%s' \${REGION} > ${out}; echo '{}'` }] }] } }),
    );
    fs.writeFileSync(path.join(w.ws, '.env'), `REGION=eu;touch ${w.root}/pwned\n`);
    const result = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(fs.existsSync(path.join(w.root, 'pwned'))).toBe(false);
    expect(fs.readFileSync(out, 'utf8')).toBe(`eu;touch ${w.root}/pwned`);
    expect(result.stderr).toContain('the value of ${REGION} would run as shell code');
    expect(result.stderr).toContain('Write "${REGION}"');
  });

  test("in an arithmetic context it is refused like an event value; an ordinary folder keeps Gemini CLI's text", async ({ w }) => {
    const folder = path.join(w.root, 'a[$(touch pwned)]');
    fs.mkdirSync(folder);
    extension(w, `echo $(( \${workspacePath} )); echo '{}'`);
    const refused = await w.run(['-C', folder, 'run', 'BeforeTool', '--tool', 't', '--trust-workspace']);
    expect(fs.existsSync(path.join(folder, 'pwned'))).toBe(false);
    expect(refused.stderr).toContain('the value of ${workspacePath}');
    expect(refused.stderr).toContain('arithmetic context');
    const out = path.join(w.root, 'out');
    extension(w, `printf '%s' \${workspacePath} > ${out}; echo '{}'`);
    const plain = await w.run(['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--json']);
    expect(fs.readFileSync(out, 'utf8')).toBe(w.ws);
    expect((JSON.parse(plain.stdout) as { results: { command: string }[] }).results[0]!.command).toBe(`printf '%s' ${w.ws} > ${out}; echo '{}'`);
  });
});

describe.concurrent('class 9: serve answers with the id as sent, and a prototype key as bad params', () => {
  const serve = async (w: Workspace, requests: string[]) => {
    const result = await w.run(['serve', '--trust-workspace'], { input: `${requests.join('\n')}\n` });
    return result.stdout.split('\n').filter((line) => line !== '');
  };
  const plan = (id: string, extra = '') => `{"jsonrpc":"2.0","id":${id},"method":"plan","params":{"event":"BeforeTool","input":{"tool_name":"t"}${extra}}}`;

  test('a large integer id keeps its digits, 1e400 and -0.5e-3 come back as written (JSON.parse would change them)', async ({ w }) => {
    await w.settings(beforeTool('true'));
    const lines = await serve(w, [plan('12345678901234567890'), plan('1e400'), plan('-0.5e-3'), plan('"a\\"b"')]);
    const ids = lines.map((line) => /^\{"jsonrpc":"2\.0","id":(.*?),"(result|error)"/.exec(line)?.[1]).sort();
    expect(ids).toEqual(['"a\\"b"', '-0.5e-3', '12345678901234567890', '1e400']);
    for (const line of lines) expect(line).toContain('"result"');
  });

  test('options.__proto__ (and toString) is an unknown option: -32602, no stack trace', async ({ w }) => {
    const lines = await serve(w, [plan('1', ',"options":{"__proto__":{"x":1}}'), plan('2', ',"options":{"toString":true}')]);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const answer = JSON.parse(line) as { error: { code: number; message: string } };
      expect(answer.error.code).toBe(-32602);
      expect(answer.error.message).toMatch(/params\.options\.(__proto__|toString): unknown option/);
      expect(answer.error.message).not.toMatch(/\n\s+at /);
    }
  });
});
