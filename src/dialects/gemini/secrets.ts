// The values hookrun must never print (docs/safety.md "Secrets hookrun knows about": hookrun's own output never shows a value its redaction
// rules would hide): the variables of hookrun's environment that Gemini CLI's redaction rules hide for
// what they are (env.ts `secretVariables`), with the `allowed` and `blocked` lists of the user's own
// settings files. The workspace file is left out: a repository must not unmask a value in a CI log; so is
// the `allowed` list of a system file Gemini CLI 0.60+ would skip as insecure (anyone who can write it could
// unmask a value), whatever --gemini-version says: its `blocked` list only masks more, and is kept.
import path from 'node:path';
import { geminiHome, type Context } from '../../pipeline/context.js';
import { isPlainObject, parseJsonc } from '../../files/jsonc.js';
import { secretVariables, type SecretVariable } from './env.js';
import { readInputFile } from '../../files/read-input.js';
import { systemFileProblem } from './settings/system-file.js';

const KEY = 'environmentVariableRedaction';

export function geminiSecrets(ctx: Context): SecretVariable[] {
  const allowed: unknown[] = [];
  const blocked: unknown[] = [];
  for (const { file, system } of userSettingsFiles(ctx)) {
    const redaction = redactionOf(file);
    if (!redaction) continue;
    if (Array.isArray(redaction.allowed) && !(system && systemFileProblem(file, ctx.platform))) allowed.push(...redaction.allowed);
    if (Array.isArray(redaction.blocked)) blocked.push(...redaction.blocked);
  }
  return secretVariables(ctx.env, { allowed, blocked });
}

/**
 * System defaults, user and system settings, as geminiSettingsPaths (settings/load.ts) names them. Not imported
 * from there: that module is the whole settings loader, and every command would load it for its first write.
 */
function userSettingsFiles(ctx: Context): { file: string; system: boolean }[] {
  const platformDefault =
    ctx.platform === 'darwin'
      ? '/Library/Application Support/GeminiCli/settings.json'
      : ctx.platform === 'win32'
        ? 'C:\\ProgramData\\gemini-cli\\settings.json'
        : '/etc/gemini-cli/settings.json';
  const system = ctx.env.GEMINI_CLI_SYSTEM_SETTINGS_PATH || platformDefault;
  const defaults = ctx.env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH || path.join(path.dirname(system), 'system-defaults.json');
  let user: string[] = [];
  try {
    user = [path.join(geminiHome(ctx), '.gemini', 'settings.json')];
  } catch {
    // No home to be found (HookrunError): nothing of the user's to mask; the command says why it stopped.
  }
  return [{ file: defaults, system: true }, ...user.map((file) => ({ file, system: false })), { file: system, system: true }];
}

/** `security.environmentVariableRedaction` of one settings file, read leniently; undefined when absent or unreadable. */
function redactionOf(file: string): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readInputFile(file, 'utf8');
  } catch {
    return undefined;
  }
  if (!text.includes(KEY)) return undefined;
  try {
    const value: unknown = parseJsonc(text, file).value;
    const security = isPlainObject(value) ? value.security : undefined;
    const redaction = isPlainObject(security) ? security[KEY] : undefined;
    return isPlainObject(redaction) ? redaction : undefined;
  } catch {
    return undefined;
  }
}
