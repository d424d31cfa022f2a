#!/usr/bin/env node
// BeforeTool hook for write_file: redirect the write into <project>/sandbox/.
// stdout: {"hookSpecificOutput":{"tool_input":{...}}} with the new file_path, nothing when the path is
// already inside sandbox/, or a deny when the path leaves the project.
// Gemini CLI REPLACES the tool's arguments with hookSpecificOutput.tool_input (it does not merge),
// so the hook returns the complete input: every original field plus the new file_path.
import path from 'node:path';

const SANDBOX = 'sandbox';

async function readStdin() {
  if (process.stdin.isTTY) return '';
  let data = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) data += chunk;
  return data;
}

function emit(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

let input;
try {
  input = JSON.parse(await readStdin());
} catch {
  emit({ systemMessage: 'sandbox-writes: hook input was not valid JSON; write not redirected' });
  process.exit(0);
}
const toolInput = input?.tool_input;
const filePath = toolInput?.file_path;
if (typeof filePath !== 'string' || filePath === '') process.exit(0);

const root = process.env.GEMINI_PROJECT_DIR || input.cwd || process.cwd();
const relative = path.relative(root, path.resolve(root, filePath));

const outside = relative === '..' || relative.startsWith('..' + path.sep) || path.isAbsolute(relative);
if (relative === '' || outside) {
  emit({
    decision: 'deny',
    reason: `Blocked by the sandbox-writes hook: ${filePath} is not a file inside the project. Write files inside the project; they are placed under ${SANDBOX}/.`,
  });
  process.exit(0);
}
if (relative === SANDBOX || relative.startsWith(SANDBOX + path.sep)) process.exit(0); // already sandboxed

const sandboxed = path.join(SANDBOX, relative);
// Keep the caller's style: an absolute path stays absolute, a relative one stays relative.
const newPath = path.isAbsolute(filePath) ? path.join(root, sandboxed) : sandboxed;
emit({
  decision: 'allow',
  systemMessage: `sandbox-writes: ${filePath} -> ${newPath}`,
  hookSpecificOutput: {
    hookEventName: 'BeforeTool',
    tool_input: { ...toolInput, file_path: newPath },
  },
});
