// process.ts against real processes: exit codes, signals, stdin, timeouts, process groups, capture, spawn errors.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { killAllNow, runProcess, type SpawnRequest } from '../../src/exec/process.js';
import { bash, firstNumber, hookEnv, killQuietly, tempDir, writeScript } from '../helpers/hooks.js';

const dir = tempDir();
const env = hookEnv(dir);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(command: string, extra: Partial<SpawnRequest> = {}) {
  return runProcess({ ...bash(command), cwd: dir, env, input: '', timeoutMs: 10_000, ...extra });
}

describe('exit status', () => {
  test.each([0, 1, 2, 3, 127, 255])('exit %i is reported as is', async (code) => {
    const outcome = await run(`exit ${code}`);
    expect(outcome).toMatchObject({ exitCode: code, signal: null, timedOut: false, killed: false });
    expect(outcome.spawnError).toBeUndefined();
  });

  test.each(['SIGKILL', 'SIGTERM', 'SIGUSR1'])('death by %s: exitCode null, signal set', async (sig) => {
    const outcome = await run(`kill -${sig.slice(3)} $$`);
    expect(outcome).toMatchObject({ exitCode: null, signal: sig, timedOut: false, killed: false });
  });

  test('duration is measured', async () => {
    const outcome = await run('sleep 0.2');
    expect(outcome.durationMs).toBeGreaterThanOrEqual(150);
  });

  test('cwd and env reach the hook', async () => {
    const outcome = await run('printf "%s|%s" "$PWD" "$HOOK_VAR"', { env: { ...env, HOOK_VAR: 'x y' } });
    expect(outcome.stdout).toBe(`${dir}|x y`);
  });
});

describe('stdin', () => {
  test('round trip through cat, JSON and non-ASCII intact', async () => {
    const input = JSON.stringify({ session_id: 's', prompt: 'héllo\n€ 😀 "quoted"' });
    const outcome = await run('cat', { input });
    expect(outcome.stdout).toBe(input);
  });

  test('1 MiB echoed back: stdin written while stdout is drained, no deadlock', async () => {
    const input = 'a'.repeat(1024 * 1024);
    const outcome = await run('cat', { input });
    expect(outcome.stdout.length).toBe(input.length);
    expect(outcome.exitCode).toBe(0);
  });

  test.each([
    ['1 MiB', 1024 * 1024, 'exit 0'],
    ['10 MiB', 10 * 1024 * 1024, 'exit 0'],
    ['10 MiB, exits later', 10 * 1024 * 1024, 'sleep 0.1; echo done'],
    ['10 MiB, closes stdin first', 10 * 1024 * 1024, 'exec 0<&-; echo done'],
  ])('a hook that never reads a %s input ends normally (EPIPE tolerated)', async (_name, size, command) => {
    const outcome = await run(command, { input: 'x'.repeat(size) });
    expect(outcome).toMatchObject({ exitCode: 0, timedOut: false });
    expect(outcome.spawnError).toBeUndefined();
  });
});

describe('timeout and cancellation', () => {
  test('a hook sleeping past its timeout gets SIGTERM', async () => {
    const outcome = await run('sleep 30', { timeoutMs: 100 });
    expect(outcome).toMatchObject({ timedOut: true, killed: false, exitCode: null, signal: 'SIGTERM' });
    expect(outcome.durationMs).toBeLessThan(5000);
  });

  test('a hook ignoring SIGTERM gets SIGKILL after the grace period', async () => {
    // The timeout leaves bash time to install its trap before SIGTERM arrives.
    const outcome = await run("trap '' TERM; sleep 30", { timeoutMs: 500, graceMs: 300 });
    expect(outcome).toMatchObject({ timedOut: true, killed: true, exitCode: null, signal: 'SIGKILL' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(800);
    expect(outcome.durationMs).toBeLessThan(10_000);
  });

  test('output written before the timeout is kept', async () => {
    const outcome = await run('echo partial; echo err >&2; sleep 30', { timeoutMs: 300 });
    expect(outcome).toMatchObject({ timedOut: true, stdout: 'partial\n', stderr: 'err\n' });
  });

  test("timeout 0 expires at once, as Gemini's setTimeout(…, 0)", async () => {
    const outcome = await run('sleep 30', { timeoutMs: 0 });
    expect(outcome.timedOut).toBe(true);
  });

  test('AbortSignal cancels like a timeout, without timedOut', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const outcome = await run('sleep 30', { signal: controller.signal });
    expect(outcome).toMatchObject({ timedOut: false, exitCode: null, signal: 'SIGTERM' });
    expect(outcome.durationMs).toBeLessThan(5000);
  });

  test('an already aborted signal starts nothing', async () => {
    const marker = path.join(dir, 'should-not-exist');
    const outcome = await run(`touch ${marker}`, { signal: AbortSignal.abort() });
    expect(outcome.spawnError).toMatch(/cancelled/);
    expect(fs.existsSync(marker)).toBe(false);
  });

  test('killAllNow (a second interrupt) SIGKILLs every running hook at once, grace or not', async () => {
    const running = [run('sleep 30'), run("trap '' TERM; sleep 30", { graceMs: 60_000 })];
    await new Promise((r) => setTimeout(r, 300));
    killAllNow();
    const outcomes = await Promise.all(running);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ signal: 'SIGKILL', killed: true, timedOut: false });
    expect(Math.max(...outcomes.map((o) => o.durationMs))).toBeLessThan(10_000);
  });
});

/** Is the pid alive and not a zombie? */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

/** Live processes of a session (field 6 of /proc/<pid>/stat). */
function sessionMembers(sid: number): number[] {
  const members: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'latin1').split(') ')[1]!.split(' ');
      if (Number(fields[3]) === sid && fields[0] !== 'Z') members.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return members;
}

/** Shell that waits until the last background job has left the hook's session (setsid ran), or died. */
const LEFT = `until [ "$(cut -d' ' -f6 /proc/$!/stat 2>/dev/null)" != "$$" ]; do sleep 0.01; done; `;

async function waitGone(pids: () => number[], withinMs = 5000): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  while (pids().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return pids();
}

describe("session: the agent's waiting, bounded by the timeout; what hookrun ends, it ends whole", () => {
  test('the hook leads its own session and group (detached: setsid)', async () => {
    const outcome = await run("echo $$ $(cut -d' ' -f5,6 /proc/$$/stat)");
    const [pid, pgrp, sid] = outcome.stdout.trim().split(' ').map(Number);
    expect(pgrp).toBe(pid);
    expect(sid).toBe(pid);
  });

  test('a background writer that finishes after the hook exits is still read (Gemini reads until close)', async () => {
    const outcome = await run('(sleep 0.6; echo late) & echo early');
    expect(outcome.stdout).toBe('early\nlate\n');
    expect(outcome).toMatchObject({ timedOut: false, pipesHeldAfterExit: false, killed: false });
  });

  test('a background child holding stdout past the timeout: timed out (as in Gemini), its session ended', async () => {
    const outcome = await run('sleep 30 & echo $$', { timeoutMs: 500 });
    const sid = firstNumber(outcome.stdout);
    expect(outcome).toMatchObject({ exitCode: 0, timedOut: true, pipesHeldAfterExit: true });
    expect(await waitGone(() => sessionMembers(sid))).toEqual([]);
  });

  test('a leftover with closed stdio keeps running after a normal exit (the agents leave it)', async () => {
    const outcome = await run('sleep 30 >/dev/null 2>&1 </dev/null & echo $!');
    const leftover = firstNumber(outcome.stdout);
    try {
      expect(outcome).toMatchObject({ exitCode: 0, timedOut: false, killed: false });
      expect(outcome.contained).toBeUndefined();
      expect(outcome.durationMs).toBeLessThan(5000);
      expect(alive(leftover)).toBe(true);
    } finally {
      killQuietly(leftover);
    }
  });

  test('--contain: the leftover is ended once the hook is done, and counted', async () => {
    const outcome = await run('sleep 30 >/dev/null 2>&1 </dev/null & echo $$ $!', { contain: true });
    const [sid, leftover] = outcome.stdout.trim().split(' ').map(Number) as [number, number];
    expect(outcome).toMatchObject({ exitCode: 0, timedOut: false, killed: false, contained: 1 });
    expect(alive(leftover)).toBe(false);
    expect(sessionMembers(sid)).toEqual([]);
  });

  test('--contain: a leftover ignoring SIGTERM gets SIGKILL after the grace period', async () => {
    // The hook exits only once the leftover ignores SIGTERM, else a fast hookrun may signal it first.
    const script = `M=$(mktemp -u); (trap '' TERM; : > "$M"; exec sleep 30) >/dev/null 2>&1 & while [ ! -e "$M" ]; do sleep 0.01; done; rm -f "$M"; echo $$`;
    const outcome = await run(script, { graceMs: 300, contain: true });
    const sid = firstNumber(outcome.stdout);
    expect(outcome).toMatchObject({ exitCode: 0, killed: true, timedOut: false, contained: 1 });
    expect(sessionMembers(sid)).toEqual([]);
  });

  test("--contain: a grace period outlasting the hook's timeout does not make the finished hook time out", async () => {
    const script = `M=$(mktemp -u); (trap '' TERM; : > "$M"; exec sleep 30) >/dev/null 2>&1 & while [ ! -e "$M" ]; do sleep 0.01; done; rm -f "$M"; echo '{}'`;
    const outcome = await run(script, { timeoutMs: 2000, graceMs: 4000, contain: true });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '{}\n', killed: true, timedOut: false, contained: 1 });
  });

  test.each([
    ['`set -m` (a job in a group of its own)', 'set -m; sleep 30 & echo $$ $!; set +m'],
    ['setpgrp via python3', "python3 -c 'import os,time; os.setpgrp(); time.sleep(30)' & echo $$ $!"],
  ])('a timeout ends a child that left the group but not the session: %s', async (_name, command) => {
    const outcome = await run(`${command}; sleep 30`, { timeoutMs: 500 });
    const [sid, child] = outcome.stdout.trim().split(' ').map(Number) as [number, number];
    try {
      expect(outcome.timedOut).toBe(true);
      expect(await waitGone(() => sessionMembers(sid))).toEqual([]);
      expect(alive(child)).toBe(false);
      expect(outcome.escaped).toBeUndefined();
    } finally {
      killQuietly(child);
    }
  });

  test('a real setsid escapes the session kill and is named', async () => {
    const outcome = await run(`setsid sleep 31 >/dev/null 2>&1 & ${LEFT}echo $$ $!; sleep 30`, { timeoutMs: 3000 });
    const [sid, escaped] = outcome.stdout.trim().split(' ').map(Number) as [number, number];
    try {
      expect(outcome.timedOut).toBe(true);
      expect(await waitGone(() => sessionMembers(sid))).toEqual([]);
      expect(alive(escaped)).toBe(true);
      expect(outcome.escaped).toEqual([{ pid: escaped, command: 'sleep 31' }]);
    } finally {
      killQuietly(escaped);
    }
  });

  test('a setsid holder of the pipes: waited for until the timeout, then named; its parent gone', async () => {
    const outcome = await run(`setsid sleep 32 & ${LEFT}echo $!`, { timeoutMs: 3000 });
    const escaped = firstNumber(outcome.stdout);
    try {
      expect(outcome).toMatchObject({ exitCode: 0, timedOut: true, pipesHeldAfterExit: true });
      expect(outcome.escaped).toEqual([{ pid: escaped, command: 'sleep 32' }]);
      expect(outcome.durationMs).toBeLessThan(8000);
    } finally {
      killQuietly(escaped);
    }
  });

  test('--contain names a setsid escapee with closed stdio whose parent has exited', async () => {
    const outcome = await run(`setsid sleep 33 >/dev/null 2>&1 </dev/null & ${LEFT}echo $!`, { contain: true });
    const escaped = firstNumber(outcome.stdout);
    try {
      expect(outcome.escaped).toEqual([{ pid: escaped, command: 'sleep 33' }]);
      expect(alive(escaped)).toBe(true);
    } finally {
      killQuietly(escaped);
    }
  });

  test('once nothing alive holds the pipes, late output is still awaited (a starved machine delivers it late)', async () => {
    const outcome = await run("setsid sh -c 'sleep 0.5; printf late' & exit 0");
    expect(outcome.stdout).toBe('late');
    expect(outcome.timedOut).toBe(false);
  });
});

describe('capture', () => {
  test('cap per stream: the rest is read and dropped, truncation flagged', async () => {
    const outcome = await run('head -c 3000000 /dev/zero | tr "\\0" a; echo small >&2', { maxCaptureBytes: 1024 * 1024 });
    expect(outcome.stdout.length).toBe(1024 * 1024);
    expect(outcome).toMatchObject({ stdoutTruncated: true, stderrTruncated: false, stderr: 'small\n', exitCode: 0 });
  });

  test('a cut of blanks only is flagged as such; anything else past the cap is not', async () => {
    const blanks = await run(`echo '{"a":1}'; head -c 3000000 /dev/zero | tr '\\0' ' '; printf '\\n\\t\\r'`, { maxCaptureBytes: 1024 * 1024 });
    expect(blanks).toMatchObject({ stdoutTruncated: true, stdoutCutBlanksOnly: true });
    expect(blanks.stdout.trim()).toBe('{"a":1}');
    const tail = await run(`head -c 3000000 /dev/zero | tr '\\0' ' '; echo x`, { maxCaptureBytes: 1024 * 1024 });
    expect(tail.stdoutTruncated).toBe(true);
    expect(tail.stdoutCutBlanksOnly).toBeUndefined();
  });

  test('output exactly at the cap is not truncated', async () => {
    const outcome = await run('printf 12345', { maxCaptureBytes: 5 });
    expect(outcome).toMatchObject({ stdout: '12345', stdoutTruncated: false });
  });

  test('invalid UTF-8 becomes U+FFFD and NUL bytes survive', async () => {
    const outcome = await run("printf 'a\\xff\\xfe\\x00b\\xc3'");
    expect(outcome.stdout).toBe('a\uFFFD\uFFFD\u0000b\uFFFD');
  });

  test('a multibyte character split across writes is decoded whole (Gemini would yield U+FFFD)', async () => {
    const outcome = await run("printf '\\xe2\\x82'; sleep 0.05; printf '\\xac'");
    expect(outcome.stdout).toBe('€');
  });
});

describe('spawn errors resolve with spawnError, never reject', () => {
  test('missing executable', async () => {
    const outcome = await runProcess({ file: path.join(dir, 'no-such-hook'), args: [], cwd: dir, env, input: '{}', timeoutMs: 1000 });
    expect(outcome.spawnError).toMatch(/no such file or command \(ENOENT\)/);
    expect(outcome).toMatchObject({ exitCode: null, signal: null, timedOut: false });
  });

  test('missing working directory', async () => {
    const outcome = await run('true', { cwd: path.join(dir, 'missing-dir') });
    expect(outcome.spawnError).toMatch(/working directory ".*missing-dir" does not exist/);
  });

  test('script without execute permission', async () => {
    const script = writeScript(dir, 'not-executable.sh', '#!/bin/sh\necho hi\n', 0o644);
    const outcome = await runProcess({ file: script, args: [], cwd: dir, env, input: '', timeoutMs: 1000 });
    expect(outcome.spawnError).toMatch(/permission denied \(EACCES\)/);
  });

  test('the same script through bash is an exit code (126), as Gemini sees it', async () => {
    writeScript(dir, 'not-executable2.sh', '#!/bin/sh\necho hi\n', 0o644);
    const outcome = await run('./not-executable2.sh');
    expect(outcome.spawnError).toBeUndefined();
    expect(outcome.exitCode).toBe(126);
    expect(outcome.stderr).toMatch(/Permission denied/);
  });

  test('an argument with a NUL byte (a synchronous spawn throw) resolves too', async () => {
    const outcome = await run('echo \0');
    expect(outcome.spawnError).toMatch(/cannot start/);
  });
});
