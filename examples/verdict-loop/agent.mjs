#!/usr/bin/env node
// An agent loop in Node that knows no agent's hook protocol: before each tool call it runs
// `hookrun run --json` and acts on the report's dialect-neutral `verdict` alone, so the same loop guards
// the setup of any agent in dialects.json (Gemini CLI, Claude Code, Codex CLI, Cursor, Copilot CLI, Kiro CLI,
// Antigravity CLI, Factory Droid, Augment Auggie, Qwen Code, VS Code). It does what agent.sh does, line for
// line. (In a Node agent, `import { runEvent } from 'hookrun'` answers the
// same `verdict` without a process: docs/serve.md.)
//
// Usage: agent.mjs [DIALECT [CALLS_FILE]]   (HOOKRUN: how to start hookrun, default "hookrun")
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
// The pre-tool event and the shell tool's name, the only agent facts the loop needs (to ask), are in
// dialects.json, the table all three loops read.
const ASK = JSON.parse(readFileSync(path.join(here, 'dialects.json'), 'utf8'));
const dialect = process.argv[2] ?? 'gemini';
if (!Object.hasOwn(ASK, dialect)) {
  console.error(`agent: unknown dialect ${dialect}`);
  process.exit(1);
}
const { event, tool } = ASK[dialect];
const calls = process.argv[3] ? readFileSync(process.argv[3], 'utf8').split('\n') : ['ls -la', 'rm -rf /', 'git status'];
const [program, ...prefix] = (process.env.HOOKRUN ?? 'hookrun').split(' ').filter(Boolean);

const counts = { ran: 0, blocked: 0, asked: 0, unguarded: 0 };
let stopped = 'no';
let n = 0;
for (let command of calls) {
  if (command === '' || command.startsWith('#')) continue;
  n += 1;
  console.log(`[${n}] ${command}`);
  const args = [
    ...prefix,
    'run',
    event,
    '--dialect',
    dialect,
    '--tool',
    tool,
    '--tool-input',
    JSON.stringify({ command }),
    '-C',
    path.join(here, 'agents', dialect),
    '--json',
    '--quiet',
  ];
  const run = spawnSync(program, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (run.status === 1 || run.stdout === '') {
    console.error('    ERROR    hookrun failed; aborting');
    process.exit(1);
  }
  const { verdict } = JSON.parse(run.stdout);
  // A guard that did not run is not a "proceed": name it, and run nothing unguarded.
  const missing = verdict.notRun.filter((hook) => hook.why !== 'disabled');
  if (missing.length > 0) {
    for (const hook of missing) console.log(`    UNGUARDED guard "${hook.hook}" did not run (${hook.why})`);
    counts.unguarded += 1;
    continue;
  }
  if (verdict.additionalContext) console.log(`    CONTEXT  ${verdict.additionalContext}`);
  if (verdict.outcome === 'proceed') {
    if (verdict.updatedInput !== undefined) {
      console.log(`    REWRITE  ${JSON.stringify(verdict.updatedInput)}`);
      command = verdict.updatedInput.command ?? '';
    }
    console.log(`    RUN      ${command}`);
    counts.ran += 1;
  } else if (verdict.outcome === 'block') {
    console.log(`    BLOCKED  skipped; the model is told: ${verdict.reason ?? ''}`);
    counts.blocked += 1;
  } else if (verdict.outcome === 'ask') {
    console.log(`    ASK      ${verdict.reason ?? ''}; no user to ask: not run`);
    counts.asked += 1;
  } else {
    console.log(`    STOP     ${verdict.reason ?? ''}`);
    stopped = 'yes';
    break;
  }
}
console.log(`agent: ${counts.ran} ran, ${counts.blocked} blocked, ${counts.asked} asked, ${counts.unguarded} unguarded, stopped: ${stopped}`);
