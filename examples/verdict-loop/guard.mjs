#!/usr/bin/env node
// One guard for eleven agents: it reads the event on stdin, finds the shell command wherever the agent
// puts it, and answers in that agent's own words (the agent is its first argument). Its rules:
//   rm -rf ...        block, with a reason for the model
//   git push --force  rewrite to --force-with-lease (agents that let a hook rewrite the input)
//   anything else     allow, adding a line of context for the model (agents that take context here)
const agent = process.argv[2] ?? 'gemini';
let text = '';
for await (const chunk of process.stdin) text += chunk;

/** The first string under a key "command", looking into JSON-in-a-string too (Copilot's toolArgs). */
function findCommand(value) {
  if (typeof value === 'string') {
    try {
      return value.trim().startsWith('{') ? findCommand(JSON.parse(value)) : undefined;
    } catch {
      return undefined;
    }
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (typeof value.command === 'string') return value.command;
  for (const item of Object.values(value)) {
    const found = findCommand(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

const command = findCommand(JSON.parse(text || '{}')) ?? '';
const REASON = 'rm -rf is not allowed here: delete the files one by one';
const CONTEXT = `guard: checked "${command}"`;

function deny() {
  switch (agent) {
    case 'claude':
    case 'codex':
    case 'droid':
    case 'auggie':
    case 'qwen':
    case 'vscode':
      return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: REASON } };
    case 'cursor':
      return { permission: 'deny', agent_message: REASON, user_message: REASON };
    case 'copilot':
      return { permissionDecision: 'deny', permissionDecisionReason: REASON };
    // biome-ignore lint/suspicious/noFallthroughSwitchClause: process.exit ends the guard; Kiro blocks by exit 2 with its reason on stderr
    case 'kiro':
      process.stderr.write(REASON);
      process.exit(2);
    default: // gemini, antigravity
      return { decision: 'deny', reason: REASON };
  }
}

function rewrite(input) {
  switch (agent) {
    case 'gemini':
      return { hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: input } };
    case 'claude':
    case 'codex':
    case 'droid': // only the deciding allow's updatedInput is applied
    case 'auggie':
    case 'vscode':
      return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: input } };
    case 'copilot':
      return { modifiedArgs: input };
    default: // cursor, kiro, antigravity, qwen: no rewrite
      return allow();
  }
}

function allow() {
  switch (agent) {
    case 'gemini':
      return { hookSpecificOutput: { hookEventName: 'BeforeTool', additionalContext: CONTEXT } };
    case 'claude':
    case 'codex':
    case 'auggie': // hookEventName is required: without it Auggie voids the whole answer
    case 'vscode':
      return { hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: CONTEXT } };
    case 'copilot':
      return { additionalContext: CONTEXT };
    case 'antigravity': // it denies a PreToolUse hook that says nothing
      return { decision: 'allow' };
    default: // cursor, kiro, droid, qwen: no context before a tool
      return {};
  }
}

let answer;
if (/\brm\s+-rf\b/.test(command)) answer = deny();
else if (/^git push --force\b/.test(command)) answer = rewrite({ command: command.replace('--force', '--force-with-lease') });
else answer = allow();
process.stdout.write(JSON.stringify(answer));
