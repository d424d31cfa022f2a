// Processes that leave the hook's process group, through the real bin: `set -m; cmd &`, setpgrp (python3,
// perl) and a real setsid. Whenever hookrun ends a hook's processes (timeout, interrupt, --contain) it ends
// the whole session; only a setsid escapes, and is named. After a normal exit outside --contain a job is
// left running, as the agents leave it. Every pid a test starts is killed at the end, whatever happened.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test as base, vi } from 'vitest';
import { killQuietly } from '../helpers/hooks.js';
import { beforeTool, json, makeWorkspace, spawnHookrun, waitForFiles, type Workspace } from './support.js';

vi.setConfig({ testTimeout: 120_000 });

const test = base.extend<{ w: Workspace }>({
  // eslint-disable-next-line no-empty-pattern
  w: async ({}, use) => {
    const w = await makeWorkspace();
    await use(w);
    await w.cleanup();
  },
});

const started: number[] = [];
afterAll(() => started.forEach(killQuietly));

function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

async function gone(pid: number, withinMs = 5000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return !alive(pid);
}

/** The pid a hook wrote into `<root>/pids/<name>`, remembered for the final cleanup. */
function pidOf(w: Workspace, name: string): number {
  const pid = Number(fs.readFileSync(path.join(w.root, 'pids', name), 'utf8').trim());
  expect(pid).toBeGreaterThan(0);
  started.push(pid);
  return pid;
}

/** Ways to leave the process group while staying in the session, each recording the leaver's own pid. */
const LEAVERS = {
  'set -m': (file: string) => `set -m; sleep 1000 >/dev/null 2>&1 </dev/null & echo $! > ${file}; set +m;`,
  'setpgrp (python3)': (file: string) => `python3 -c 'import os,time; os.setpgrp(); open("${file}","w").write(str(os.getpid())); time.sleep(1000)' >/dev/null 2>&1 </dev/null &`,
  'setpgrp (perl)': (file: string) => `perl -e 'setpgrp(0,0); open(F,">","${file}"); print F $$; close F; sleep 1000' >/dev/null 2>&1 </dev/null &`,
} as const;

function setup(w: Workspace): string {
  const dir = path.join(w.root, 'pids');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Shell that waits until the last background job has left the hook's session (setsid ran), or died. */
const LEFT = `until [ "$(cut -d' ' -f6 /proc/$!/stat 2>/dev/null)" != "$$" ]; do sleep 0.01; done; `;

const RUN = ['run', 'BeforeTool', '--tool', 't', '--trust-workspace', '--json', '--grace', '500'];

describe.each(Object.entries(LEAVERS))('a child that left the group with %s', (_name, leave) => {
  test('a timeout ends it with the session', async ({ w }) => {
    const file = path.join(setup(w), 'leaver');
    await w.settings(beforeTool({ name: 'h', command: `${leave(file)} while [ ! -s ${file} ]; do sleep 0.01; done; sleep 1000`, timeout: 8000 }));
    const result = await w.run(RUN);
    const pid = pidOf(w, 'leaver');
    expect(json(result).results[0]).toMatchObject({ timedOut: true });
    expect(json(result).results[0].escaped).toBeUndefined();
    expect(await gone(pid)).toBe(true);
  });

  test('after a normal exit it keeps running, as the agents leave it; --contain ends it and says so', async ({ w }) => {
    const file = path.join(setup(w), 'leaver');
    await w.settings(beforeTool({ name: 'h', command: `${leave(file)} while [ ! -s ${file} ]; do sleep 0.01; done; echo '{}'` }));
    const free = await w.run(RUN);
    const left = pidOf(w, 'leaver');
    expect(json(free).results[0]).toMatchObject({ success: true, timedOut: false });
    expect(json(free).results[0].contained).toBeUndefined();
    expect(alive(left)).toBe(true);
    killQuietly(left);

    fs.rmSync(file);
    const contained = await w.run([...RUN.filter((a) => a !== '--json'), '--contain']);
    const ended = pidOf(w, 'leaver');
    expect(contained.exitCode).toBe(0);
    expect(await gone(ended)).toBe(true);
    expect(contained.stderr).toMatch(/≠ the agent: --contain ended 1 process\(es\) it left running/);
  });
});

describe('hookrun interrupted', () => {
  test('SIGINT ends the session of every running hook, including children that left its group', async ({ w }) => {
    const dir = setup(w);
    await w.settings(
      beforeTool(
        { name: 'm', command: `${LEAVERS['set -m'](path.join(dir, 'm'))} sleep 1000` },
        { name: 'py', command: `${LEAVERS['setpgrp (python3)'](path.join(dir, 'py'))} sleep 1000` },
      ),
    );
    const run = spawnHookrun(['-C', w.ws, 'run', 'BeforeTool', '--trust-workspace', '--grace', '500'], w.env);
    await waitForFiles(dir, 2);
    const pids = [pidOf(w, 'm'), pidOf(w, 'py')];
    run.kill('SIGINT');
    const done = await run.exit;
    expect(done.code).toBe(130);
    for (const pid of pids) expect(await gone(pid)).toBe(true);
  });
});

describe('a real setsid', () => {
  test('escapes a timeout and is named in the report (JSON and text)', async ({ w }) => {
    const file = path.join(setup(w), 'daemon');
    await w.settings(beforeTool({ name: 'starter', command: `setsid sleep 1001 >/dev/null 2>&1 </dev/null & ${LEFT}echo $! > ${file}; sleep 1000`, timeout: 3000 }));
    const result = await w.run(RUN);
    const pid = pidOf(w, 'daemon');
    expect(alive(pid)).toBe(true);
    const report = json(result);
    expect(report.results[0]).toMatchObject({ timedOut: true, escaped: [{ pid, command: 'sleep 1001' }] });
    const text = await w.run(RUN.filter((a) => a !== '--json'));
    started.push(Number(fs.readFileSync(file, 'utf8')));
    expect(text.stderr).toMatch(/hook "starter" started 1 process\(es\) that left its session with setsid and keep running: pid \d+ \(sleep 1001\)/);
  });

  test('with --contain and closed stdio, after its parent exited: still named', async ({ w }) => {
    const file = path.join(setup(w), 'daemon');
    await w.settings(beforeTool({ name: 'starter', command: `setsid sleep 1002 >/dev/null 2>&1 </dev/null & ${LEFT}echo $! > ${file}; echo '{}'` }));
    const result = await w.run([...RUN, '--contain']);
    const pid = pidOf(w, 'daemon');
    expect(alive(pid)).toBe(true);
    expect(json(result).results[0]).toMatchObject({ success: true, escaped: [{ pid, command: 'sleep 1002' }] });
  });
});
