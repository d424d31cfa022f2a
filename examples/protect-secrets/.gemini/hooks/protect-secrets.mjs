#!/usr/bin/env node
// BeforeTool hook for write_file / replace: deny writes to files that usually hold secrets.
// stdin: the hook event JSON. stdout: {"decision":"deny","reason":...} when blocked, nothing otherwise.
import path from 'node:path';

// Edit these lists to fit your project.
const ENV_TEMPLATES = new Set(['.env.example', '.env.sample', '.env.template']);
const KEY_EXTENSIONS = new Set(['.pem', '.key', '.p12', '.pfx', '.keystore', '.jks']);
const KEY_FILES = new Set(['id_rsa', 'id_dsa', 'id_ecdsa', 'id_ed25519', 'credentials', '.npmrc', '.netrc']);
const SECRET_DIRS = new Set(['secrets', '.ssh', '.aws', '.gnupg']);

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

/** Why this path must not be written, or null. */
function whySecret(filePath) {
  const parts = filePath.split(/[\\/]+/).filter(Boolean);
  const base = parts.at(-1) ?? '';
  if ((base === '.env' || base.startsWith('.env.')) && !ENV_TEMPLATES.has(base)) {
    return `${base} holds environment secrets (edit ${[...ENV_TEMPLATES][0]} instead)`;
  }
  if (KEY_EXTENSIONS.has(path.extname(base).toLowerCase())) return `${base} looks like a private key or certificate`;
  if (KEY_FILES.has(base)) return `${base} holds credentials`;
  const dir = parts.slice(0, -1).find((p) => SECRET_DIRS.has(p));
  if (dir) return `files under ${dir}/ are secrets`;
  return null;
}

const raw = await readStdin();
let input;
try {
  input = JSON.parse(raw);
} catch {
  emit({ systemMessage: 'protect-secrets: hook input was not valid JSON; file path not checked' });
  process.exit(0);
}
const toolInput = input?.tool_input ?? {};
// write_file and replace use file_path; older Gemini CLI versions used absolute_path / path.
const filePath = toolInput.file_path ?? toolInput.absolute_path ?? toolInput.path;
if (typeof filePath !== 'string' || filePath === '') process.exit(0);

const why = whySecret(filePath);
if (why) {
  emit({
    decision: 'deny',
    reason: `Blocked by the protect-secrets hook: ${why}. Do not write secrets; tell the user which value to set and where.`,
    systemMessage: `protect-secrets: blocked ${input.tool_name ?? 'write'} to ${filePath}`,
  });
}
