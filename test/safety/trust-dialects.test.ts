// Issue 18, classes 11-13, through the real bin: a fresh clone's Claude Code and Kiro project hooks do not
// run until the folder is trusted (Claude's accepted trust dialog, `hookrun trust --folder`, the one-run
// flag or variable); a hook held back is named on stderr even with --quiet; `trust --folder` says when
// Gemini's project hooks still need `trust --hooks`; `record`'s capture hook is not held back.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test as base, vi } from 'vitest';
import { makeWorkspace, type Workspace } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

const test = base.extend<{ w: Workspace }>({
  // eslint-disable-next-line no-empty-pattern
  w: async ({}, use) => {
    const w = await makeWorkspace();
    await use(w);
    await w.cleanup();
  },
});

const DENY = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"guard"}}'`;
const BASH = ['--tool', 'Bash', '--tool-input', '{"command":"ls"}'];

/** A committed `.claude/settings.json` (or settings.local.json) with one PreToolUse hook that marks its run. */
function claudeProject(w: Workspace, file = 'settings.json', id = 'project'): void {
  fs.mkdirSync(path.join(w.ws, '.claude'), { recursive: true });
  const command = `touch ${w.root}/ran-${id}; ${DENY}`;
  fs.writeFileSync(path.join(w.ws, '.claude', file), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } }));
}

function kiroAgent(dir: string, root: string, id: string): void {
  fs.mkdirSync(path.join(dir, '.kiro', 'agents'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, '.kiro', 'agents', 'dev.json'),
    JSON.stringify({ name: 'dev', hooks: { preToolUse: [{ command: `touch ${root}/ran-${id}; echo no >&2; exit 2` }] } }),
  );
}

const ran = (w: Workspace, id = 'project') => fs.existsSync(path.join(w.root, `ran-${id}`));
const claudeJson = (w: Workspace, projects: Record<string, unknown>) => fs.writeFileSync(path.join(w.home, '.claude.json'), JSON.stringify({ numStartups: 3, projects }));
const claudeRun = (w: Workspace, extra: string[] = [], env: Record<string, string> = {}) => w.run(['run', 'PreToolUse', '--dialect', 'claude', ...BASH, ...extra], { env });
const kiroRun = (w: Workspace, extra: string[] = []) => w.run(['run', 'preToolUse', '--dialect', 'kiro', '--agent', 'dev', '--tool', 'fs_write', ...extra]);

describe.concurrent('class 12: Claude Code project hooks in a fresh clone', () => {
  test('the issue: a committed .claude/settings.json hook does not run; stderr says which and how to trust', async ({ w }) => {
    claudeProject(w);
    const result = await claudeRun(w);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({});
    expect(ran(w)).toBe(false);
    expect(result.stderr).toContain(`${w.ws} is not a trusted folder`);
    expect(result.stderr).toContain(`its project hooks did not run: touch ${w.root}/ran-project`);
    expect(result.stderr).toContain('hookrun trust --folder');
    expect(result.stderr).toContain("Claude Code's trust dialog");
  });

  test('settings.local.json is a project file too; the user file (~/.claude/settings.json) runs as Claude runs it', async ({ w }) => {
    claudeProject(w, 'settings.local.json', 'local');
    fs.mkdirSync(path.join(w.home, '.claude'), { recursive: true });
    fs.writeFileSync(
      path.join(w.home, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: `touch ${w.root}/ran-user` }] }] } }),
    );
    const result = await claudeRun(w);
    expect(ran(w, 'local')).toBe(false);
    expect(ran(w, 'user')).toBe(true);
    expect(result.exitCode).toBe(0);
  });

  test('--dialect auto picks Claude by the committed file, and still runs nothing of it', async ({ w }) => {
    claudeProject(w);
    const result = await w.run(['run', 'PreToolUse', '--dialect', 'auto', ...BASH]);
    expect(result.stderr).toContain('claude');
    expect(ran(w)).toBe(false);
    expect(result.exitCode).toBe(0);
  });

  test("hasTrustDialogAccepted in ~/.claude.json (Claude Code's own record) lets them run; false does not", async ({ w }) => {
    claudeProject(w);
    claudeJson(w, { [w.ws]: { hasTrustDialogAccepted: false } });
    expect((await claudeRun(w)).exitCode).toBe(0);
    expect(ran(w)).toBe(false);
    claudeJson(w, { [w.ws]: { hasTrustDialogAccepted: true, allowedTools: [] } });
    const result = await claudeRun(w);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(ran(w)).toBe(true);
  });

  test('an accepted parent folder counts; CLAUDE_CONFIG_DIR moves the record; a broken record vouches for nothing', async ({ w }) => {
    claudeProject(w);
    claudeJson(w, { [path.dirname(w.ws)]: { hasTrustDialogAccepted: true } });
    expect((await claudeRun(w)).exitCode).toBe(2);
    fs.rmSync(path.join(w.root, 'ran-project'));
    const dir = path.join(w.root, 'claude-config');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, '.claude.json'), '{ not json');
    expect((await claudeRun(w, [], { CLAUDE_CONFIG_DIR: dir })).exitCode).toBe(0);
    expect(ran(w)).toBe(false);
  });

  test('hookrun trust --folder lets them run; --revoke takes it back', async ({ w }) => {
    claudeProject(w);
    const trusted = await w.run(['trust', '--folder']);
    expect(trusted.exitCode, trusted.stderr).toBe(0);
    expect((await claudeRun(w)).exitCode).toBe(2);
    expect(ran(w)).toBe(true);
    fs.rmSync(path.join(w.root, 'ran-project'));
    await w.run(['trust', '--revoke', '--folder']);
    expect((await claudeRun(w)).exitCode).toBe(0);
    expect(ran(w)).toBe(false);
  });

  test('--trust-workspace and HOOKRUN_TRUST_WORKSPACE=true trust the folder for one run', async ({ w }) => {
    claudeProject(w);
    expect((await claudeRun(w, ['--trust-workspace'])).exitCode).toBe(2);
    expect((await claudeRun(w, [], { HOOKRUN_TRUST_WORKSPACE: 'true' })).exitCode).toBe(2);
    expect((await claudeRun(w, [], { HOOKRUN_TRUST_WORKSPACE: '1' })).exitCode).toBe(0);
  });

  test('--json says so in the report; --dry-run, explain, validate and list run nothing and show the held-back hook', async ({ w }) => {
    claudeProject(w);
    const report = JSON.parse((await claudeRun(w, ['--json'])).stdout) as { diagnostics: { code: string; message: string }[]; results: unknown[] };
    expect(report.results).toEqual([]);
    expect(report.diagnostics.find((d) => d.code === 'untrusted-project-hooks')?.message).toContain('did not run');
    const dry = await claudeRun(w, ['--dry-run']);
    expect(dry.exitCode).toBe(0);
    expect(dry.stderr).toContain('its project hooks did not run');
    const explain = await w.run(['explain', 'PreToolUse', '--dialect', 'claude', ...BASH]);
    expect(explain.exitCode, explain.stderr).toBe(0);
    expect(explain.stdout).toContain('untrusted folder');
    const validate = await w.run(['validate', '--dialect', 'claude', '--strict']);
    expect(validate.exitCode, validate.stdout).toBe(0);
    expect(validate.stdout).toContain('untrusted-project-hooks');
    const list = await w.run(['list', '--dialect', 'claude', '--all']);
    expect(list.exitCode, list.stderr).toBe(0);
    expect(ran(w)).toBe(false);
  });
});

describe.concurrent('class 12: Kiro CLI workspace agents in a fresh clone', () => {
  test('a workspace agent (.kiro/agents) does not run its hooks; --trust-workspace does', async ({ w }) => {
    kiroAgent(w.ws, w.root, 'project');
    const fresh = await kiroRun(w);
    expect(fresh.exitCode, fresh.stderr).toBe(0);
    expect(ran(w)).toBe(false);
    expect(fresh.stderr).toContain('is not a trusted folder');
    expect(fresh.stderr).toContain('workspace agent "dev"');
    const once = await kiroRun(w, ['--trust-workspace']);
    expect(once.exitCode, once.stderr).toBe(2);
    expect(ran(w)).toBe(true);
  });

  test('hookrun trust --folder lets a workspace agent run; a global agent (~/.kiro/agents) runs anywhere', async ({ w }) => {
    kiroAgent(w.home, w.root, 'user');
    expect((await kiroRun(w)).exitCode).toBe(2);
    expect(ran(w, 'user')).toBe(true);
    kiroAgent(w.ws, w.root, 'project');
    expect((await kiroRun(w)).exitCode).toBe(0);
    expect(ran(w)).toBe(false);
    await w.run(['trust', '--folder']);
    expect((await kiroRun(w)).exitCode).toBe(2);
    expect(ran(w)).toBe(true);
  });

  test('--dialect auto picks Kiro by the workspace agent, and runs nothing of it', async ({ w }) => {
    kiroAgent(w.ws, w.root, 'project');
    const result = await w.run(['run', 'preToolUse', '--dialect', 'auto', '--agent', 'dev', '--tool', 'fs_write']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(ran(w)).toBe(false);
  });
});

describe.concurrent('class 11: a guard that never ran is named even with --quiet', () => {
  test('the issue: after trust --folder a new Gemini project hook is held back; run --quiet says so on stderr', async ({ w }) => {
    await w.settings({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', name: 'guard', command: `touch ${w.root}/ran-project; echo '{"decision":"deny"}'` }] }] } });
    const folder = await w.run(['trust', '--folder']);
    expect(folder.stdout).toContain('1 project hook(s)');
    expect(folder.stdout).toContain('not trusted yet');
    expect(folder.stdout).toContain(`hookrun trust --hooks -C ${w.ws}`);
    const quiet = await w.run(['run', 'BeforeTool', '--tool', 't', '--quiet']);
    expect(quiet.stdout.trim()).toBe('{}');
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stderr).toContain('held back 1 project hook(s)');
    expect(quiet.stderr).toContain('hook "guard" (workspace) held back, not run');
    expect(ran(w)).toBe(false);
    const json = await w.run(['trust', '--folder', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ pendingHooks: 1 });
    await w.run(['trust', '--hooks']);
    const after = await w.run(['trust', '--folder']);
    expect(after.stdout).not.toContain('not trusted yet');
    const runs = await w.run(['run', 'BeforeTool', '--tool', 't', '--quiet']);
    expect(runs.exitCode).toBe(2);
    expect(runs.stderr).toBe('');
  });

  test('Claude and Kiro project hooks held back by an untrusted folder are named with --quiet; a quiet run that ran everything says nothing', async ({ w }) => {
    claudeProject(w);
    const claude = await claudeRun(w, ['--quiet']);
    expect(claude.stderr).toContain('its project hooks did not run');
    kiroAgent(w.ws, w.root, 'kiro');
    const kiro = await kiroRun(w, ['--quiet']);
    expect(kiro.stderr).toContain('its project hooks did not run');
    const trusted = await claudeRun(w, ['--quiet', '--trust-workspace']);
    expect(trusted.exitCode).toBe(2);
    expect(trusted.stderr).toBe('');
  });

  test("a hook that ran and timed out is the report's news, not --quiet's (as the conformance replay expects)", async ({ w }) => {
    fs.mkdirSync(path.join(w.ws, '.claude'), { recursive: true });
    fs.writeFileSync(path.join(w.ws, '.claude', 'settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'sleep 5', timeout: 1 }] }] } }));
    const result = await claudeRun(w, ['--quiet', '--trust-workspace', '--grace', '100']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe.concurrent('class 13: record trusts the capture hook it installs', () => {
  test('in a folder trusted through trustedFolders.json, the capture hook runs at once (no trust --hooks)', async ({ w }) => {
    await w.settings({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', name: 'other', command: `touch ${w.root}/ran-other` }] }] } });
    await w.run(['trust', '--folder']);
    const record = await w.run(['record', '--events', 'BeforeTool']);
    expect(record.exitCode, record.stderr).toBe(0);
    const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('hookrun-capture [BeforeTool]');
    const captures = fs.readdirSync(path.join(w.ws, '.hookrun', 'captures'));
    expect(captures.length).toBe(1);
    // Only what record installed is trusted: the project's own new hook is still held back.
    expect(fs.existsSync(path.join(w.root, 'ran-other'))).toBe(false);
    expect(result.stderr).toContain('other [BeforeTool] (new)');
  });

  test('a changed capture script is held back again (its hash was recorded)', async ({ w }) => {
    await w.run(['trust', '--folder']);
    expect((await w.run(['record', '--events', 'BeforeTool'])).exitCode).toBe(0);
    fs.appendFileSync(path.join(w.ws, '.hookrun', 'capture.mjs'), `\nrequire('fs').writeFileSync(${JSON.stringify(path.join(w.root, 'ran-evil'))}, '');\n`);
    const result = await w.run(['run', 'BeforeTool', '--tool', 't']);
    expect(result.stderr).toContain('hookrun-capture');
    expect(result.stderr).toContain('held back');
    expect(fs.existsSync(path.join(w.root, 'ran-evil'))).toBe(false);
  });
});
