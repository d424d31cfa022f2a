// Issue 18, classes 5 and 6, through the real bin: a project .env cannot make a shell or runtime run code
// inside the user's own hooks unless --env-allow names the variable; a secret hookrun knows about (by
// Gemini CLI's redaction rules) never appears in hookrun's own output, whatever the command or format.
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
const userHook = (w: Workspace, command: string) => {
  fs.mkdirSync(path.join(w.home, '.gemini'), { recursive: true });
  fs.writeFileSync(path.join(w.home, '.gemini', 'settings.json'), JSON.stringify(beforeTool(command)));
};

describe.concurrent("class 5: a project .env does not run code inside the user's own hooks", () => {
  test('the issue: BASH_ENV=./evil.sh in <ws>/.env, folder trusted, a user hook only: evil.sh does not run', async ({ w }) => {
    fs.writeFileSync(path.join(w.ws, 'evil.sh'), `touch ${w.root}/pwned\n`);
    fs.writeFileSync(path.join(w.ws, '.env'), 'BASH_ENV=./evil.sh\nGREETING=hello\n');
    userHook(w, `echo "$GREETING" > ${w.root}/greeting`);
    trustFolder(w);
    const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(fs.existsSync(path.join(w.root, 'pwned'))).toBe(false);
    // The rest of the file is loaded as Gemini CLI loads it.
    expect(fs.readFileSync(path.join(w.root, 'greeting'), 'utf8')).toBe('hello\n');
    expect(result.stderr).toContain('sets BASH_ENV, which make a shell or another program run code');
    expect(result.stderr).toContain('Gemini CLI loads them from this project .env');
    expect(result.stderr).toContain('unless --env-allow names them (--env-allow BASH_ENV)');
  });

  test("--env-allow BASH_ENV passes it on (the user's explicit word); without it the hook never sees it", async ({ w }) => {
    fs.writeFileSync(path.join(w.ws, '.env'), 'BASH_ENV=./evil.sh\n');
    userHook(w, `printenv BASH_ENV > ${w.root}/seen || echo unset > ${w.root}/seen`);
    trustFolder(w);
    expect((await w.run(['run', 'BeforeTool', '--tool', 't'])).exitCode).toBe(0);
    expect(fs.readFileSync(path.join(w.root, 'seen'), 'utf8')).toBe('unset\n');
    expect((await w.run(['run', 'BeforeTool', '--tool', 't', '--env-allow', 'BASH_ENV'])).exitCode).toBe(0);
    expect(fs.readFileSync(path.join(w.root, 'seen'), 'utf8')).toBe('./evil.sh\n');
  });

  test.each([
    ['NODE_OPTIONS', (root: string) => `--require ${root}/evil.cjs`],
    ['LD_PRELOAD', () => '/nonexistent/evil.so'],
    ['ENV', () => './evil.sh'],
    ['PROMPT_COMMAND', () => 'touch /tmp/x'],
    ['SHELLOPTS', () => 'xtrace'],
    ['PYTHONSTARTUP', () => './evil.py'],
    ['PERL5OPT', () => '-Mevil'],
    ['RUBYOPT', () => '-revil'],
    ['DYLD_INSERT_LIBRARIES', () => '/x.dylib'],
  ])('%s from a project .env does not reach the hook', async (name, value) => {
    const w = await makeWorkspace();
    try {
      fs.writeFileSync(path.join(w.root, 'evil.cjs'), `require('fs').writeFileSync(${JSON.stringify(path.join(w.root, 'pwned'))}, '')`);
      fs.writeFileSync(path.join(w.ws, '.env'), `${name}=${value(w.root)}\n`);
      userHook(w, `node -e 'require("fs").writeFileSync(process.argv[1], String(process.env[process.argv[2]] ?? "unset"))' ${w.root}/seen ${name}`);
      trustFolder(w);
      const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(fs.readFileSync(path.join(w.root, 'seen'), 'utf8')).toBe('unset');
      expect(fs.existsSync(path.join(w.root, 'pwned'))).toBe(false);
      expect(result.stderr).toContain(`sets ${name}`);
    } finally {
      await w.cleanup();
    }
  });

  test("the user's own environment wins (Gemini does not override it) and is not withheld; ~/.env is the user's own file", async ({ w }) => {
    fs.writeFileSync(path.join(w.ws, '.env'), 'NODE_OPTIONS=--require ./evil.cjs\n');
    userHook(w, `node -e 'require("fs").writeFileSync(process.argv[1], process.env.NODE_OPTIONS ?? "unset")' ${w.root}/seen`);
    trustFolder(w);
    const own = await w.run(['run', 'BeforeTool', '--tool', 't'], { env: { NODE_OPTIONS: '--no-warnings' } });
    expect(own.exitCode, own.stderr).toBe(0);
    expect(fs.readFileSync(path.join(w.root, 'seen'), 'utf8')).toBe('--no-warnings');
    expect(own.stderr).not.toContain('sets NODE_OPTIONS');
    fs.rmSync(path.join(w.ws, '.env'));
    fs.writeFileSync(path.join(w.home, '.env'), 'NODE_OPTIONS=--no-deprecation\n');
    const home = await w.run(['run', 'BeforeTool', '--tool', 't'], { env: { GEMINI_CLI_HOME: w.home } });
    expect(home.exitCode, home.stderr).toBe(0);
    expect(fs.readFileSync(path.join(w.root, 'seen'), 'utf8')).toBe('--no-deprecation');
  });

  test('validate and --dry-run warn where Gemini CLI would pass it', async ({ w }) => {
    fs.writeFileSync(path.join(w.ws, '.env'), 'LD_PRELOAD=/tmp/evil.so\n');
    userHook(w, 'true');
    trustFolder(w);
    const validate = await w.run(['validate', '--format', 'json']);
    expect(validate.stdout).toContain('env-file-code-variable');
    const dry = await w.run(['run', 'BeforeTool', '--tool', 't', '--dry-run']);
    expect(dry.stderr).toContain('sets LD_PRELOAD');
  });
});

const TOKEN = 'tok-Zq81-very-secret-value';
const SECRET_ENV = { MY_API_TOKEN: TOKEN };
const REDACTION = { security: { environmentVariableRedaction: { enabled: true } } };

describe.concurrent('class 6: secrets hookrun knows about are never printed', () => {
  const setUp = async (w: Workspace, extra: Record<string, unknown> = {}) => {
    await w.settings({ ...REDACTION, ...extra, ...(beforeTool({ name: 'notify', command: `echo "{\\"reason\\":\\"x\\"}" # \${MY_API_TOKEN}` }) as object) });
    trustFolder(w);
    await w.run(['trust', '--hooks'], { env: SECRET_ENV });
  };
  const clean = (text: string) => expect(text).not.toContain(TOKEN);

  test('the issue: run --json, --dry-run, validate (every format), trust, explain, list show ${MY_API_TOKEN}, never the value', async ({ w }) => {
    await setUp(w);
    const outputs = [
      await w.run(['run', 'BeforeTool', '--tool', 't', '--json'], { env: SECRET_ENV }),
      await w.run(['run', 'BeforeTool', '--tool', 't'], { env: SECRET_ENV }),
      await w.run(['run', 'BeforeTool', '--tool', 't', '--dry-run'], { env: SECRET_ENV }),
      await w.run(['trust'], { env: SECRET_ENV }),
      await w.run(['trust', '--json'], { env: SECRET_ENV }),
      await w.run(['explain', 'BeforeTool', '--tool', 't'], { env: SECRET_ENV }),
      await w.run(['list', '--json'], { env: SECRET_ENV }),
      ...(await Promise.all(['text', 'json', 'github', 'sarif', 'junit'].map((format) => w.run(['validate', '--format', format], { env: SECRET_ENV })))),
    ];
    for (const result of outputs) {
      clean(result.stdout);
      clean(result.stderr);
    }
    expect(outputs[0]!.stdout).toContain('${MY_API_TOKEN}');
    expect(outputs[2]!.stdout).toContain('${MY_API_TOKEN}');
  });

  test('validate warns that the command carries a secret that Gemini CLI writes into trusted_hooks.json, with the fix', async ({ w }) => {
    await setUp(w);
    const result = await w.run(['validate', '--format', 'json'], { env: SECRET_ENV });
    const findings = (JSON.parse(result.stdout) as { findings: { code: string; message: string; fix?: string }[] }).findings;
    const finding = findings.find((f) => f.code === 'secret-in-command');
    expect(finding?.message).toContain('${MY_API_TOKEN}');
    expect(finding?.message).toContain('trusted_hooks.json');
    expect(finding?.fix).toContain('script');
    clean(result.stdout);
  });

  test('error messages are masked too; a value hookrun does not call secret is shown as it is', async ({ w }) => {
    const bad = await w.run(['run', 'BeforeTool', '--event', `{"tool_name": 5, "x": "${TOKEN}"}`], { env: SECRET_ENV });
    expect(bad.exitCode).toBe(1);
    clean(bad.stderr);
    await w.settings(beforeTool(`echo plain-$GREETING`));
    const plain = await w.run(['run', 'BeforeTool', '--tool', 't', '--dry-run', '--trust-workspace'], { env: { GREETING: 'hello-world-value' } });
    expect(plain.stdout).toContain('plain-hello-world-value');
  });

  test('a secret-looking value (ghp_…) is masked by its value, whatever its name; redaction.allowed in the user settings unmasks a name', async ({ w }) => {
    const ghp = `ghp_${'a'.repeat(36)}`;
    await w.settings(beforeTool('echo "$MY_API_TOKEN ${GH}" > /dev/null'));
    const dry = await w.run(['run', 'BeforeTool', '--tool', 't', '--dry-run', '--trust-workspace'], { env: { GH: ghp, ...SECRET_ENV } });
    expect(dry.stdout).not.toContain(ghp);
    expect(dry.stdout).toContain('${GH}');
    fs.mkdirSync(path.join(w.home, '.gemini'), { recursive: true });
    fs.writeFileSync(path.join(w.home, '.gemini', 'settings.json'), JSON.stringify({ security: { environmentVariableRedaction: { allowed: ['MY_API_TOKEN'] } } }));
    const allowed = await w.run(['run', 'BeforeTool', '--tool', 't', '--dry-run', '--trust-workspace'], { env: { GH: ghp, ...SECRET_ENV } });
    expect(allowed.stdout).not.toContain(ghp);
    expect(allowed.stdout).toContain(TOKEN);
  });

  test('redaction.allowed in a system file Gemini CLI skips as insecure (here, in the temp dir) unmasks nothing; its blocked list still masks', async ({ w }) => {
    await w.settings(beforeTool('echo "$MY_API_TOKEN $PLAIN_VALUE" > /dev/null'));
    const redaction = { allowed: ['MY_API_TOKEN'], blocked: ['PLAIN_VALUE'] };
    fs.mkdirSync(path.dirname(w.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH!), { recursive: true });
    fs.writeFileSync(w.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH!, JSON.stringify({ security: { environmentVariableRedaction: redaction } }));
    const env = { ...SECRET_ENV, PLAIN_VALUE: 'plain-but-blocked-value' };
    for (const version of ['latest', '0.59.0']) {
      const dry = await w.run(['run', 'BeforeTool', '--tool', 't', '--dry-run', '--trust-workspace', '--gemini-version', version], { env });
      expect(dry.stdout).not.toContain(TOKEN);
      expect(dry.stdout).not.toContain('plain-but-blocked-value');
    }
  });
});
