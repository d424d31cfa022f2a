#!/usr/bin/env node
// AfterTool hook: append one JSON line per tool call to an audit log. Prints nothing on success,
// so it never changes what the agent does.
// Log file: $HOOKRUN_AUDIT_LOG if set, else <project>/.gemini/audit.log.
// If the log cannot be written the hook exits 1 with a message on stderr: Gemini CLI turns that into
// a warning ("Warning: ...") and carries on; the tool result is untouched.
import fs from 'node:fs';
import path from 'node:path';

const MAX_STRING = 500; // long file contents / outputs are cut so the log stays readable

async function readStdin() {
  if (process.stdin.isTTY) return '';
  let data = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) data += chunk;
  return data;
}

function clip(value) {
  if (typeof value === 'string') return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}... (${value.length} chars)` : value;
  if (Array.isArray(value)) return value.map(clip);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clip(v)]));
  return value;
}

const raw = await readStdin();
let input;
try {
  input = JSON.parse(raw);
} catch {
  input = { unparsed_input: raw };
}
if (!input || typeof input !== 'object' || Array.isArray(input)) input = { unparsed_input: raw };

const response = input.tool_response ?? {};
const entry = {
  time: new Date().toISOString(),
  session_id: input.session_id,
  event: input.hook_event_name,
  tool: input.tool_name,
  input: clip(input.tool_input),
  ok: !response.error,
  ...(response.error ? { error: clip(response.error.message ?? response.error) } : {}),
  result: clip(typeof response.returnDisplay === 'string' ? response.returnDisplay : response.llmContent),
  ...(input.unparsed_input !== undefined ? { unparsed_input: clip(input.unparsed_input) } : {}),
};

const root = process.env.GEMINI_PROJECT_DIR || input.cwd || process.cwd();
const logFile = process.env.HOOKRUN_AUDIT_LOG || path.join(root, '.gemini', 'audit.log');
try {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.appendFileSync(logFile, JSON.stringify(entry) + '\n');
} catch (error) {
  process.stderr.write(`audit-log: could not write ${logFile}: ${error.message}\n`);
  process.exit(1);
}
