// background-holds-output: a backgrounded process whose output is still on the hook's pipes, read the
// way bash reads the command; one row per shape.
import { describe, expect, it } from 'vitest';
import { backgroundHoldingOutput } from '../../../../src/dialects/gemini/validate/rules/background.js';

describe("a backgrounded process holding the hook's output", () => {
  it.each([
    ['sleep 30 &', 'stdout and stderr'],
    ['echo x; (sleep 0.6; echo late) &', 'stdout and stderr'],
    ['echo \'{"decision":"deny"}\'; sleep 1.5 &', 'stdout and stderr'],
    ['sleep 2>/dev/null &', 'stdout'],
    ['cmd >/dev/null &', 'stderr'],
    // 2>&1 first copies the pipe; then stdout alone moves.
    ['cmd 2>&1 >/dev/null &', 'stderr'],
    ['setsid srv &', 'stdout and stderr'],
    ['a | b &', 'stdout and stderr'],
  ])('%j holds its %s', (command, streams) => {
    expect(backgroundHoldingOutput(command)?.streams).toBe(streams);
  });

  it.each([
    'sleep 2 >/dev/null 2>&1 &',
    '(sleep 0.3; touch m) >/dev/null 2>&1 </dev/null & echo {}',
    'cmd &>/dev/null &',
    'cmd &>>log &',
    'nohup srv >log 2>&1 &',
    'cmd >&- 2>&- &',
    'exec >/dev/null 2>&1; sleep 5 &',
    'cmd & wait',
    'a && b',
    'echo "a & b"',
    "echo 'sleep 1 &'",
    './hooks/check.sh',
  ])('%j: not reported', (command) => {
    expect(backgroundHoldingOutput(command)).toBeUndefined();
  });
});
