// `hookrun migrate --from A --to B` between every two agents, through the real bin over temp directories:
// every ordered pair once, the lossless round trips, the report of what cannot be carried, --write into each
// target's file (read back by hookrun's own dialect where there is one), and Kiro's two source formats.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.cleanup())));

async function sandbox(files: Record<string, string> = {}): Promise<Sandbox> {
  const sb = await makeSandbox();
  sandboxes.push(sb);
  for (const [file, text] of Object.entries(files)) await sb.write(file.startsWith('~/') ? path.join(sb.home, file.slice(2)) : path.join(sb.ws, file), text);
  return sb;
}

const migrate = (sb: Sandbox, ...args: string[]) => hookrun(['migrate', ...args, '--cwd', sb.ws], { env: sb.env });

interface Report {
  from: string;
  to: string;
  target: string;
  settings: Record<string, unknown>;
  counts: { found: number; carried: number; skipped: number };
  findings: { severity: string; code: string; message: string; location?: { file: string; line: number } }[];
}

async function report(sb: Sandbox, from: string, to: string, ...extra: string[]): Promise<Report> {
  const result = await migrate(sb, '--from', from, '--to', to, '--json', ...extra);
  expect(result.exitCode, `${from} → ${to}: ${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout) as Report;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const codes = (r: Report) => r.findings.map((f) => f.code);

/** One shell guard on the shell tool, a stop hook and a session-start hook, in each agent's own files. */
const SOURCES: Record<string, Record<string, string>> = {
  gemini: {
    '.gemini/settings.json': json({
      hooks: {
        BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'guard.sh', timeout: 5000 }] }],
        AfterAgent: [{ hooks: [{ type: 'command', command: 'stop.sh' }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: 'start.sh' }] }],
      },
    }),
  },
  antigravity: {
    '.agents/hooks.json': json({
      guard: {
        PreToolUse: [{ matcher: 'run_command', hooks: [{ type: 'command', command: 'guard.sh', timeout: 5 }] }],
        Stop: [{ type: 'command', command: 'stop.sh' }],
        SessionStart: [{ type: 'command', command: 'start.sh' }],
      },
    }),
  },
  claude: {
    '.claude/settings.json': json({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh', timeout: 5 }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'stop.sh' }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: 'start.sh' }] }],
      },
    }),
  },
  codex: {
    '.codex/hooks.json': json({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh', timeout: 5 }] }],
        Stop: [{ hooks: [{ type: 'command', command: 'stop.sh' }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: 'start.sh' }] }],
      },
    }),
  },
  cursor: {
    '.cursor/hooks.json': json({
      version: 1,
      hooks: { preToolUse: [{ command: 'guard.sh', matcher: 'Shell', timeout: 5 }], stop: [{ command: 'stop.sh' }], sessionStart: [{ command: 'start.sh' }] },
    }),
  },
  copilot: {
    '.github/hooks/guard.json': json({
      version: 1,
      hooks: {
        preToolUse: [{ type: 'command', bash: 'guard.sh', matcher: 'bash', timeoutSec: 5 }],
        agentStop: [{ type: 'command', bash: 'stop.sh' }],
        sessionStart: [{ type: 'command', bash: 'start.sh' }],
      },
    }),
  },
  kiro: {
    '.kiro/hooks/guard.json': json({
      version: 'v1',
      hooks: [
        { name: 'guard', trigger: 'PreToolUse', matcher: '^execute_bash$', action: { type: 'command', command: 'guard.sh' }, timeout: 5 },
        { name: 'stop', trigger: 'Stop', action: { type: 'command', command: 'stop.sh' } },
        { name: 'start', trigger: 'SessionStart', action: { type: 'command', command: 'start.sh' } },
      ],
    }),
  },
};

/** Where each target writes, and its name for the shell guard's event. */
const TARGETS: Record<string, { file: string; preTool: string }> = {
  gemini: { file: '.gemini/settings.json', preTool: 'BeforeTool' },
  antigravity: { file: '.agents/hooks.json', preTool: 'PreToolUse' },
  claude: { file: '.claude/settings.json', preTool: 'PreToolUse' },
  codex: { file: '.codex/hooks.json', preTool: 'PreToolUse' },
  cursor: { file: '.cursor/hooks.json', preTool: 'preToolUse' },
  copilot: { file: '.github/hooks/migrated-from-FROM.json', preTool: 'preToolUse' },
  kiro: { file: '.kiro/hooks/migrated-from-FROM.json', preTool: 'PreToolUse' },
};

const AGENTS = Object.keys(SOURCES);

describe.each(AGENTS)('--from %s', (from) => {
  test('to every other agent: the guard, the stop and the session-start hook carried, the 5 s timeout in the target unit', async () => {
    const sb = await sandbox(SOURCES[from]);
    const targets = AGENTS.filter((to) => to !== from);
    const reports = await Promise.all(targets.map((to) => report(sb, from, to)));
    for (const [i, r] of reports.entries()) {
      const to = targets[i]!;
      expect(r).toMatchObject({ from, to, counts: { found: 3, carried: 3, skipped: 0 } });
      expect(r.target).toBe(path.join(sb.ws, TARGETS[to]!.file.replace('FROM', from)));
      const text = JSON.stringify(r.settings);
      for (const command of ['guard.sh', 'stop.sh', 'start.sh']) expect(text, `${from} → ${to}`).toContain(command);
      expect(text, `${from} → ${to}`).toContain(`"${TARGETS[to]!.preTool}"`);
      // 5 s is 5000 in Gemini's milliseconds and 5 everywhere else.
      expect(text, `${from} → ${to}`).toMatch(to === 'gemini' ? /"timeout":5000/ : /"(timeout|timeoutSec)":5[,}]/);
    }
    // Nothing was written without --write.
    for (const to of targets) expect(existsSync(path.join(sb.ws, TARGETS[to]!.file.replace('FROM', from)))).toBe(false);
  });
});

/** The same hooks written two ways: a timeout equal to the agent's default, `^...$` around a Gemini matcher and a description are not differences. */
const DEFAULT_TIMEOUT: Record<string, number> = { gemini: 60_000, claude: 60, codex: 600, antigravity: 30, kiro: 60 };
const normal = (agent: string, value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, v: unknown) =>
    (key === 'timeout' && v === DEFAULT_TIMEOUT[agent]) || key === 'description' ? undefined : key === 'matcher' && typeof v === 'string' ? v.replace(/^\^(.*)\$$/, '$1') : v,
  );

describe('round trips where nothing is lost', () => {
  test.each([
    ['gemini', 'antigravity'],
    ['gemini', 'kiro'],
    ['claude', 'codex'],
    ['claude', 'gemini'],
  ])('%s → %s and back gives the same hooks', async (a, b) => {
    const first = await sandbox(SOURCES[a]);
    const there = await migrate(first, '--from', a, '--to', b, '--write', '--quiet');
    expect(there.exitCode, there.stderr).toBe(0);
    const written = TARGETS[b]!.file.replace('FROM', a);
    // Back from a workspace holding only B's file.
    const back = await sandbox({ [written]: readFileSync(path.join(first.ws, written), 'utf8') });
    const r = await report(back, b, a);
    expect(r.counts.skipped).toBe(0);
    expect(normal(a, r.settings)).toEqual(normal(a, JSON.parse(Object.values(SOURCES[a]!)[0]!)));
  });
});

describe('the report says what cannot be carried', () => {
  test('gemini → antigravity: ms → s, exit codes → JSON decisions, silence denies, $GEMINI_* variables, events with no counterpart', async () => {
    const sb = await sandbox({
      '.gemini/settings.json': json({
        hooks: {
          BeforeTool: [{ matcher: '^(write_file|replace)$', hooks: [{ type: 'command', command: '"$GEMINI_PROJECT_DIR"/hooks/guard.sh $GEMINI_SESSION_ID', timeout: 1500 }] }],
          AfterModel: [{ hooks: [{ type: 'command', command: 'after-model.sh' }] }],
          BeforeAgent: [{ hooks: [{ type: 'command', command: 'prompt.sh' }] }],
          Notification: [{ hooks: [{ type: 'command', command: 'notify.sh' }] }],
        },
      }),
    });
    const r = await report(sb, 'gemini', 'antigravity');
    expect(r.counts).toEqual({ found: 4, carried: 2, skipped: 2 });
    const hook = (r.settings['migrated-from-gemini'] as Record<string, unknown>) ?? {};
    expect(hook).toEqual({
      PreToolUse: [
        {
          matcher: 'write_to_file|replace_file_content|multi_replace_file_content',
          hooks: [{ type: 'command', command: '"$PWD/.."/hooks/guard.sh $GEMINI_SESSION_ID', timeout: 2 }],
        },
      ],
      PostInvocation: [{ type: 'command', command: 'after-model.sh', timeout: 60 }],
    });
    expect(codes(r)).toEqual(
      expect.arrayContaining(['no-antigravity-event', 'timeout-rounded', 'exit-code-decisions', 'silence-denies', 'env-var-missing', 'project-dir-rewritten', 'payload-differs']),
    );
    const unmapped = r.findings.filter((f) => f.code === 'no-antigravity-event').map((f) => f.message);
    expect(unmapped).toEqual([expect.stringMatching(/^BeforeAgent: hook "prompt\.sh" not migrated/), expect.stringMatching(/^Notification: hook "notify\.sh" not migrated/)]);
    expect(r.findings.find((f) => f.code === 'no-antigravity-event')!.location).toMatchObject({ file: path.join(sb.ws, '.gemini/settings.json') });
    expect(r.findings.find((f) => f.code === 'exit-code-decisions')!.message).toMatch(/\{"decision":"deny","reason":"\.\.\."\}/);
  });

  test('claude → codex: "ask" cannot be carried; PermissionRequest is (Codex has it)', async () => {
    const sb = await sandbox({
      '.claude/settings.json': json({
        hooks: {
          PreToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'ask.sh' }] }],
          PermissionRequest: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'perm.sh', timeout: 3 }] }],
        },
      }),
    });
    const r = await report(sb, 'claude', 'codex');
    expect(r.settings).toEqual({
      hooks: {
        PreToolUse: [{ matcher: 'apply_patch', hooks: [{ type: 'command', command: 'ask.sh', timeout: 60 }] }],
        PermissionRequest: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'perm.sh', timeout: 3 }] }],
      },
    });
    expect(codes(r)).toContain('ask-not-carried');
  });

  test('codex → claude: a matcher is read as Codex reads it (Rust regex: a leading (?i) is a flag; no look-around)', async () => {
    const sb = await sandbox({
      '.codex/hooks.json': json({
        hooks: {
          PreToolUse: [
            { matcher: '(?i)^bash$', hooks: [{ type: 'command', command: 'any-case.sh' }] },
            { matcher: '^(?=Bash)', hooks: [{ type: 'command', command: 'look-ahead.sh' }] },
          ],
        },
      }),
    });
    const r = await report(sb, 'codex', 'claude');
    expect(r.settings).toEqual({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'any-case.sh' }] }] } });
    const dropped = r.findings.find((f) => f.code === 'matcher-never-fires')!;
    expect(dropped.message).toMatch(/"\^\(\?=Bash\)" .*no look-around/);
    expect(dropped.location).toMatchObject({ file: path.join(sb.ws, '.codex/hooks.json'), path: ['hooks', 'PreToolUse', 1, 'hooks', 0] });
  });

  test('codex → claude: Write and Edit select apply_patch calls in Codex, so they are carried; a file Codex drops is said', async () => {
    const sb = await sandbox({
      '.codex/hooks.json': json({
        version: 1,
        hooks: {
          PreToolUse: [
            { matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'names.sh' }] },
            { matcher: '^Edit$', hooks: [{ type: 'command', command: 'anchored.sh' }] },
          ],
        },
      }),
    });
    const r = await report(sb, 'codex', 'claude');
    expect(r.counts).toMatchObject({ found: 2, carried: 2 });
    expect(codes(r)).not.toContain('tool-unknown');
    expect(r.findings.find((f) => f.code === 'codex-file-dropped')).toMatchObject({ message: expect.stringContaining('top-level field "version"'), location: { line: 2 } });
    expect(r.settings).toEqual({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Write|Edit|MultiEdit',
            hooks: [
              { type: 'command', command: 'names.sh' },
              { type: 'command', command: 'anchored.sh' },
            ],
          },
        ],
      },
    });
  });

  test('claude → gemini: PermissionRequest is not carried onto Notification (issue 13)', async () => {
    const sb = await sandbox({ '.claude/settings.json': json({ hooks: { PermissionRequest: [{ hooks: [{ type: 'command', command: 'perm.sh' }] }] } }) });
    const r = await report(sb, 'claude', 'gemini');
    expect(r.counts).toEqual({ found: 1, carried: 0, skipped: 1 });
    expect(r.findings.find((f) => f.code === 'no-gemini-event')!.message).toMatch(/Notification .* advisory/);
  });

  test('claude → gemini: a Notification hook is carried when it selects permission prompts, the only ones Gemini sends', async () => {
    const sb = await sandbox({
      '.claude/settings.json': json({
        hooks: {
          Notification: [
            { matcher: 'permission_prompt', hooks: [{ type: 'command', command: 'n1' }] },
            { matcher: 'idle_prompt', hooks: [{ type: 'command', command: 'n2' }] },
          ],
        },
      }),
    });
    const r = await report(sb, 'claude', 'gemini');
    expect(r.settings).toEqual({ hooks: { Notification: [{ hooks: [{ type: 'command', command: 'n1' }] }] } });
    expect(r.findings.find((f) => f.code === 'matcher-never-fires')!.message).toMatch(/idle_prompt, which Gemini CLI never sends/);
  });

  test('cursor → claude: a command-string matcher cannot be carried, a plain shell hook can', async () => {
    const sb = await sandbox({
      '.cursor/hooks.json': json({ version: 1, hooks: { beforeShellExecution: [{ command: 'all-shell.sh' }, { command: 'curl-only.sh', matcher: 'curl|wget' }] } }),
    });
    const r = await report(sb, 'cursor', 'claude');
    expect(r.counts).toEqual({ found: 2, carried: 1, skipped: 1 });
    expect(r.settings).toEqual({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'all-shell.sh', timeout: 60 }] }] } });
    expect(codes(r)).toContain('matcher-not-carried');
  });

  test('an unknown event names the agent whose name it is', async () => {
    const sb = await sandbox({ '.gemini/settings.json': json({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'x' }] }] } }) });
    const r = await report(sb, 'gemini', 'claude');
    expect(r.findings.find((f) => f.code === 'unknown-event')!.message).toMatch(/"PreToolUse" is .*Claude Code.*'s name; Gemini CLI calls that moment "BeforeTool"/);
  });

  test('--from and --to the same agent, and an agent hookrun does not know: exit 1', async () => {
    const sb = await sandbox(SOURCES.gemini);
    const same = await migrate(sb, '--from', 'gemini', '--to', 'gemini');
    expect(same.exitCode).toBe(1);
    expect(same.stderr).toMatch(/--from and --to are both gemini/);
    const unknown = await migrate(sb, '--from', 'gemini', '--to', 'windsurf');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toMatch(/Allowed choices are gemini, claude, kiro, antigravity, codex, cursor, copilot/);
  });
});

describe('--write', () => {
  test.each([
    ['antigravity', ['run', 'PreToolUse', '--dialect', 'antigravity', '--tool', 'run_command', '--dry-run', '--trust-workspace']],
    ['claude', ['run', 'PreToolUse', '--dialect', 'claude', '--tool', 'Bash', '--dry-run', '--trust-workspace']],
    ['kiro', ['run', 'PreToolUse', '--dialect', 'kiro', '--tool', 'execute_bash', '--dry-run', '--trust-workspace']],
  ])('gemini → %s: the written file is one hookrun reads as that agent, and a second --write adds nothing', async (to, check) => {
    const sb = await sandbox(SOURCES.gemini);
    const first = await migrate(sb, '--from', 'gemini', '--to', to, '--write');
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toBe('');
    expect(first.stderr).toMatch(/wrote 3 hook\(s\) to /);
    const file = path.join(sb.ws, TARGETS[to]!.file.replace('FROM', 'gemini'));
    const written = readFileSync(file, 'utf8');
    const second = await migrate(sb, '--from', 'gemini', '--to', to, '--write');
    expect(second.stderr).toMatch(/nothing to write: .* already has all 3 hook\(s\)/);
    expect(readFileSync(file, 'utf8')).toBe(written);
    const run = await hookrun([...check, '--cwd', sb.ws], { env: sb.env });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('guard.sh');
  });

  test('merges into an existing Antigravity file beside its own named hooks, strict JSON kept', async () => {
    const existing = `{\n  "mine": {\n    "Stop": [{ "type": "command", "command": "mine.sh" }]\n  }\n}\n`;
    const sb = await sandbox({ ...SOURCES.gemini, '.agents/hooks.json': existing });
    const result = await migrate(sb, '--from', 'gemini', '--to', 'antigravity', '--write');
    expect(result.exitCode, result.stderr).toBe(0);
    const after = JSON.parse(readFileSync(path.join(sb.ws, '.agents/hooks.json'), 'utf8'));
    expect(Object.keys(after)).toEqual(['mine', 'migrated-from-gemini']);
    expect(after.mine).toEqual({ Stop: [{ type: 'command', command: 'mine.sh' }] });
  });

  test('a target that cannot be merged is left untouched, byte for byte, and nothing else is created', async () => {
    const bad = '{ "migrated-from-gemini": [] }\n';
    const sb = await sandbox({ ...SOURCES.gemini, '.agents/hooks.json': bad });
    const result = await migrate(sb, '--from', 'gemini', '--to', 'antigravity', '--write');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/cannot merge into .*hooks\.json:1:27: "migrated-from-gemini" is not an object/);
    expect(readFileSync(path.join(sb.ws, '.agents/hooks.json'), 'utf8')).toBe(bad);
    expect(existsSync(path.join(sb.ws, '.gemini/settings.json.tmp'))).toBe(false);
  });

  test('copilot and kiro targets get a file of their own; the source file is never rewritten', async () => {
    const sb = await sandbox(SOURCES.claude);
    const before = readFileSync(path.join(sb.ws, '.claude/settings.json'), 'utf8');
    for (const to of ['copilot', 'kiro']) {
      const result = await migrate(sb, '--from', 'claude', '--to', to, '--write', '--quiet');
      expect(result.exitCode, result.stderr).toBe(0);
    }
    const copilot = JSON.parse(readFileSync(path.join(sb.ws, '.github/hooks/migrated-from-claude.json'), 'utf8'));
    expect(copilot).toMatchObject({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: 'guard.sh', matcher: 'bash|powershell', timeoutSec: 5 }] } });
    const kiro = JSON.parse(readFileSync(path.join(sb.ws, '.kiro/hooks/migrated-from-claude.json'), 'utf8'));
    expect(kiro.version).toBe('v1');
    expect(kiro.hooks[0]).toMatchObject({ trigger: 'PreToolUse', matcher: '^execute_bash$', action: { type: 'command', command: 'guard.sh' }, timeout: 5 });
    expect(readFileSync(path.join(sb.ws, '.claude/settings.json'), 'utf8')).toBe(before);
  });
});

describe('--from kiro reads both formats', () => {
  test('the agent Kiro would use (chat.defaultAgent) and .kiro/hooks/*.json, in one model', async () => {
    const sb = await sandbox({
      '.kiro/agents/dev.json': JSON.stringify({ name: 'dev', hooks: { preToolUse: [{ matcher: 'fs_write', command: 'embedded.sh' }] } }),
      '.kiro/agents/other.json': JSON.stringify({ name: 'other', hooks: { stop: [{ command: 'other.sh' }] } }),
      '~/.kiro/settings/cli.json': JSON.stringify({ 'chat.defaultAgent': 'dev' }),
      ...SOURCES.kiro,
    });
    const r = await report(sb, 'kiro', 'gemini');
    expect(r.counts).toEqual({ found: 4, carried: 4, skipped: 0 });
    const text = JSON.stringify(r.settings);
    expect(text).toContain('embedded.sh');
    expect(text).toContain('guard.sh');
    expect(text).not.toContain('other.sh');
    expect((r.settings.hooks as Record<string, unknown>).BeforeTool).toEqual([
      { matcher: '^(write_file|replace)$', hooks: [{ type: 'command', command: 'embedded.sh', timeout: 30_000 }] },
      { matcher: '^run_shell_command$', hooks: [{ type: 'command', command: 'guard.sh', timeout: 5000, description: 'guard' }] },
    ]);
  });

  test('--to kiro turns the embedded hooks into a Kiro CLI 3 hook file (the v3 files already there are left alone)', async () => {
    const sb = await sandbox({
      '.kiro/agents/dev.json': JSON.stringify({ hooks: { agentSpawn: [{ command: 'git status' }], preToolUse: [{ matcher: 'execute_bash', command: 'g.sh', timeout_ms: 2500 }] } }),
      ...SOURCES.kiro,
    });
    const r = await report(sb, 'kiro', 'kiro');
    expect(r.settings).toEqual({
      version: 'v1',
      hooks: [
        { name: 'agentSpawn 1', trigger: 'SessionStart', action: { type: 'command', command: 'git status' }, timeout: 30 },
        { name: 'preToolUse 2', trigger: 'PreToolUse', matcher: '^execute_bash$', action: { type: 'command', command: 'g.sh' }, timeout: 3 },
      ],
    });
    expect(codes(r)).toContain('timeout-rounded');
    const result = await migrate(sb, '--from', 'kiro', '--to', 'kiro', '--write', '--quiet');
    expect(result.exitCode, result.stderr).toBe(0);
    const run = await hookrun(['run', 'PreToolUse', '--dialect', 'kiro', '--tool', 'execute_bash', '--dry-run', '--trust-workspace', '--cwd', sb.ws], { env: sb.env });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain('g.sh');
  });
});
