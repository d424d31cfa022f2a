// Kept configurations (src/serve/kept.ts) against the conformance cases: one session per case answers it
// twice after its files have settled, the first time from a fresh load and the second from the kept one. Both
// answers must be the case's expected answer and equal to each other, and the second must really have come
// from the kept configuration (or say which of its inputs a hook changed). A kept configuration is frozen,
// so code that changed one would throw here.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DIALECT_NAMES, getDialect } from '../../src/dialects/index.js';
import { SETTLE_MS } from '../../src/files/journal.js';
import { type AnswerNews, type EventAnswer, type EventRequest, type RequestOptions, Session } from '../../src/serve/session.js';
import { isTimed, loadCases as loadGeminiCases, SNAPSHOT_RELEASE } from '../conformance/gemini-replay.js';
import { COPILOT_SUPERSEDED } from '../conformance/copilot-superseded.js';
import { type DialectCase, loadCases, writeTree } from '../conformance/replay.js';
import { makeSandbox, type Sandbox } from '../helpers/cli.js';

// The cases below run concurrently, and vitest's module runner can hand a second concurrent `import()` of a
// dialect's folder its module before it has finished evaluating (the built package does not: its chunks load
// with `require`, and a session answering several first requests for one dialect at once was checked by hand).
// So every dialect is loaded once, in turn, first.
beforeAll(async () => {
  for (const name of DIALECT_NAMES) await getDialect(name);
});

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS.coarse + 200));
/** What a second answer may say of its configuration: kept, or loaded again because a hook of the first run changed one of its files. */
const SECOND = /^(kept|loaded again: what it was loaded from changed)$/;

/** Two answers of one session, with how each had its configuration; a refusal (a settings error) is its message. */
async function twice(session: Session, request: Parameters<Session['run']>[0], between?: () => Promise<void>) {
  const answers: { answer: EventAnswer | { error: string }; config: string | undefined }[] = [];
  for (let run = 0; run < 2; run++) {
    if (run === 1) await between?.();
    const news: AnswerNews = {};
    const answer = await session.run(request, news).catch((error: Error) => ({ error: error.message }));
    answers.push({ answer, config: news.config });
  }
  return answers;
}

describe.concurrent('the Gemini conformance cases, each answered twice by one session, the second from the kept configuration', () => {
  const cases = loadGeminiCases('gemini-cases.json').filter((c) => !isTimed(c));
  const sandboxes = new Map<string, Sandbox>();
  const seconds: string[] = [];
  beforeAll(async () => {
    for (const c of cases) {
      const sb = await makeSandbox();
      sandboxes.set(c.id, sb);
      const { workspace, user, system } = c.settings;
      if (workspace !== undefined) await sb.write(path.join(sb.ws, '.gemini/settings.json'), JSON.stringify(workspace));
      if (user !== undefined) await sb.write(path.join(sb.home, '.gemini/settings.json'), JSON.stringify(user));
      if (system !== undefined) await sb.write(sb.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH!, JSON.stringify(system));
      for (const [name, content] of Object.entries(c.scripts ?? {})) await sb.write(path.join(sb.ws, 'hooks', name), content, 0o755);
    }
    await settle();
  }, 120_000);
  afterAll(async () => {
    await Promise.all([...sandboxes.values()].map((sb) => sb.cleanup()));
    // Nearly every case is answered from its kept configuration the second time: the test exercises what it is about.
    expect(seconds.filter((how) => how === 'kept').length).toBeGreaterThan(cases.length * 0.9);
  });

  test.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const sb = sandboxes.get(c.id)!;
    const session = new Session({ cwd: sb.ws, env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' }, geminiVersion: SNAPSHOT_RELEASE });
    const [first, second] = await twice(session, { event: c.event, input: c.input as never });
    expect(first!.config, c.about).toMatch(/^loaded|^loaded, not kept/);
    expect(second!.config, c.about).toMatch(SECOND);
    seconds.push(second!.config!);
    for (const { answer } of [first!, second!]) expect(answer, c.about).toMatchObject({ output: c.output, exitCode: c.exit });
  });
});

/** `hookrun run`'s arguments in a dialect case as a session request. */
function requestOf(c: DialectCase, root: string): EventRequest {
  const args = c.args.map((arg) => arg.replaceAll('@ROOT@', root));
  expect(args[0]).toBe('run');
  const options: RequestOptions = { trustWorkspace: true };
  const request: EventRequest = { dialect: c.dialect, event: args[1]!, options };
  const flags: Record<string, (value: string) => void> = {
    '--dialect': (value) => (request.dialect = value),
    '--event': (value) => (request.input = JSON.parse(value) as EventRequest['input']),
    '--agent': (value) => (options.agent = value),
    '--claude-version': (value) => (options.claudeVersion = value),
    '--tool': (value) => (options.tool = value),
    '--tool-input': (value) => (options.toolInput = value),
    '--prompt': (value) => (options.prompt = value),
    '--source': (value) => (options.source = value),
  };
  for (let i = 2; i < args.length; i += 2) {
    const take = flags[args[i]!];
    if (!take) throw new Error(`${c.id}: no request option for ${args[i]}`);
    take(args[i + 1]!);
  }
  return request;
}

describe.concurrent("the other dialects' conformance cases, each answered twice by one session, the second from the kept configuration", async () => {
  // Cases that count spawns across repeated runs are about one `run` each; the rest are answered twice here.
  // Docs-based cases the real agent contradicts are not a judge here either.
  const cases = [...(await loadCases('dialect-cases.json')), ...(await loadCases('agents-cases.json'))].filter(
    (c) => c.repeat === undefined && c.expect.spawnCount === undefined && !Object.hasOwn(COPILOT_SUPERSEDED, c.id),
  );
  const roots = new Map<string, string>();
  const seconds: string[] = [];
  beforeAll(async () => {
    for (const c of cases) {
      const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-kept-')));
      roots.set(c.id, root);
      await mkdir(path.join(root, 'ws'), { recursive: true });
      await mkdir(path.join(root, 'home'), { recursive: true });
      await writeTree(path.join(root, 'ws'), c.files, root);
      await writeTree(path.join(root, 'home'), c.homeFiles, root);
    }
    await settle();
  }, 120_000);
  afterAll(async () => {
    await Promise.all([...roots.values()].map((root) => rm(root, { recursive: true, force: true })));
    expect(seconds.filter((how) => how === 'kept').length).toBeGreaterThan(cases.length * 0.9);
  });

  test.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const root = roots.get(c.id)!;
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: path.join(root, 'home'), LANG: 'C.UTF-8', NO_COLOR: '1' };
    const session = new Session({ cwd: path.join(root, 'ws'), env });
    const fired: string[][] = [];
    const firedNow = async () => (await readdir(root)).filter((name) => name.startsWith('fired-')).sort();
    const clear = async () => {
      fired.push(await firedNow());
      for (const name of await firedNow()) await rm(path.join(root, name));
    };
    const [first, second] = await twice(session, requestOf(c, root), clear);
    fired.push(await firedNow());
    const why = `${c.id}: ${c.about}`;
    expect(second!.answer, why).toEqual(first!.answer);
    if ('error' in first!.answer) {
      // A configuration that does not load is never kept: each request loads it again, and is refused again.
      expect(c.expect.exit, `${why}: ${first!.answer.error}`).not.toBe(0);
      expect(second!.config, why).toBeUndefined();
      return;
    }
    expect(second!.config, why).toMatch(SECOND);
    seconds.push(second!.config!);
    // Kiro keeps agentSpawn results for good (src/dialects/kiro/cache.ts): its second run answers from them and starts nothing.
    if (!(c.dialect === 'kiro' && requestOf(c, root).event === 'agentSpawn')) expect(fired[1], why).toEqual(fired[0]);
    for (const { answer } of [first!, second!]) expect((answer as EventAnswer).exitCode, why).toBe(c.expect.exit);
    for (const name of c.expect.fired ?? []) expect(fired[0], `${name} should fire. ${why}`).toContain(`fired-${name}`);
    for (const name of c.expect.notFired ?? []) expect(existsSync(path.join(root, `fired-${name}`)), `${name} should not fire. ${why}`).toBe(false);
  });
});

describe.concurrent('an edit between two requests is seen by the second, in every dialect', async () => {
  // Per dialect, the first case whose hook marks that it fired: its files are rewritten between the requests
  // so that the hook marks another name, a same-size edit.
  const all = [...(await loadCases('dialect-cases.json')), ...(await loadCases('agents-cases.json'))];
  const cases = [...new Set(all.map((c) => c.dialect))].map(
    (dialect) => all.find((c) => c.dialect === dialect && (c.expect.fired?.length ?? 0) > 0 && c.repeat === undefined && !c.args.includes('agentSpawn'))!,
  );
  const roots: string[] = [];
  afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

  test('the cases cover every dialect with conformance cases', () => {
    expect(cases.map((c) => c.dialect).sort()).toEqual(['antigravity', 'claude', 'codex', 'copilot', 'cursor', 'kiro']);
  });

  test.each(cases.map((c) => [c.dialect, c] as const))('%s', async (_dialect, c) => {
    const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'hookrun-kept-')));
    roots.push(root);
    await writeTree(path.join(root, 'ws'), c.files, root);
    await writeTree(path.join(root, 'home'), c.homeFiles, root);
    await settle();
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: path.join(root, 'home'), LANG: 'C.UTF-8', NO_COLOR: '1' };
    const session = new Session({ cwd: path.join(root, 'ws'), env });
    const fired = async () => (await readdir(root)).filter((name) => /^(fired|fixed)-/.test(name)).sort();
    const edited = (files: Record<string, string> | undefined) =>
      files && Object.fromEntries(Object.entries(files).map(([name, text]) => [name, text.replaceAll('fired-', 'fixed-')]));
    const [first, second] = await twice(session, requestOf(c, root), async () => {
      for (const name of await fired()) await rm(path.join(root, name));
      await writeTree(path.join(root, 'ws'), edited(c.files), root);
      await writeTree(path.join(root, 'home'), edited(c.homeFiles), root);
    });
    expect(first!.config).toBe('loaded');
    expect(second!.config).toMatch(/^loaded/);
    expect(second!.config).not.toBe('kept');
    expect(await fired()).toEqual(c.expect.fired!.map((name) => `fixed-${name}`));
  });
});

test("a Gemini .env that appears above the workspace between two requests is in the second hook's environment", async () => {
  const sb = await makeSandbox();
  try {
    const hook = `echo '{"decision":"deny","reason":"v='"$HOOKRUN_KEPT"'"}'`;
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), JSON.stringify({ hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: hook }] }] } }));
    await settle();
    const session = new Session({ cwd: sb.ws, env: { ...sb.env, GEMINI_CLI_TRUST_WORKSPACE: 'true' }, geminiVersion: SNAPSHOT_RELEASE });
    const [first, second] = await twice(session, { event: 'BeforeTool', input: { tool_name: 'run_shell_command', tool_input: { command: 'ls' } } }, async () => {
      await sb.write(path.join(sb.root, '.env'), 'HOOKRUN_KEPT=two\n');
    });
    expect((first!.answer as EventAnswer).output).toMatchObject({ reason: 'v=' });
    expect((second!.answer as EventAnswer).output).toMatchObject({ reason: 'v=two' });
    expect(second!.config).toMatch(/^loaded/);
  } finally {
    await sb.cleanup();
  }
});
