#!/usr/bin/env node
// BeforeTool hook for run_shell_command: turn a few state-changing commands into dry runs.
// stdout: {"hookSpecificOutput":{"tool_input":{...,"command":"<command> --dry-run"}}} or nothing.
// Only simple commands are rewritten: with ; && | $( ... in the line, appending a flag could land on
// the wrong command, so those are left alone.

const RULES = [
  [/^kubectl\s+(apply|delete|create|replace|patch)\b/, '--dry-run=client'],
  [/^(npm|pnpm)\s+publish\b/, '--dry-run'],
  [/^rsync\b/, '--dry-run'],
];

async function readStdin() {
  if (process.stdin.isTTY) return '';
  let data = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) data += chunk;
  return data;
}

let input;
try {
  input = JSON.parse(await readStdin());
} catch {
  process.exit(0); // nothing to rewrite
}
const toolInput = input?.tool_input;
const command = typeof toolInput?.command === 'string' ? toolInput.command.trim() : '';
if (command === '' || /[;&|<>`\n]|\$\(/.test(command) || /(^|\s)--dry-run\b/.test(command)) process.exit(0);

const rule = RULES.find(([pattern]) => pattern.test(command));
if (!rule) process.exit(0);

const rewritten = `${command} ${rule[1]}`;
process.stdout.write(
  JSON.stringify({
    decision: 'allow',
    systemMessage: `force-dry-run: running \`${rewritten}\` instead`,
    hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { ...toolInput, command: rewritten } },
  }) + '\n',
);
