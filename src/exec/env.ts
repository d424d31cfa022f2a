// hookrun's own narrowing of the environment a hook inherits (`--clean-env`, `--env-allow`), the same in
// every dialect: each dialect says what its agent would pass (its redaction rules, what it loads at
// start-up), and this decides what of that, or of hookrun's own environment, the hook gets.
import type { EnvPolicy } from '../types.js';

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * What `--clean-env` keeps of hookrun's environment: what a process needs to start and behave (find
 * programs, a home, a locale, a temp dir, a terminal type; on Windows the system variables without which
 * processes fail to start). None of it is a secret. Everything else must be named with `--env-allow`.
 * PATH matters beyond convenience: bash started without one falls back to a built-in PATH that ends in
 * `.`, which would let the (untrusted) workspace shadow any command.
 */
export const CLEAN_ENV_BASICS: ReadonlySet<string> = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'TMPDIR',
  'TERM',
  'SYSTEMROOT',
  'SYSTEMDRIVE',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'TEMP',
  'TMP',
  'USERPROFILE',
]);

/** Every defined variable, as plain strings. */
export function copyEnvironment(env: Env): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) result[key] = value;
  return result;
}

/**
 * The environment a hook inherits under `policy`: without one, what the agent passes (`agentView`); with
 * `clean`, only the basics of hookrun's own environment (what the agent loaded is not among them); then
 * every `allow`ed variable as the agent has it (the user's explicit word wins over the agent's rules,
 * secret-looking values included).
 */
export function applyEnvPolicy(
  policy: EnvPolicy | undefined,
  processEnv: Env,
  agentView: () => Record<string, string>,
  agentEnv: Env = processEnv,
): Record<string, string> {
  if (!policy) return agentView();
  const result: Record<string, string> = {};
  if (policy.clean) {
    for (const [key, value] of Object.entries(processEnv)) {
      if (value !== undefined && CLEAN_ENV_BASICS.has(key.toUpperCase())) result[key] = value;
    }
  } else {
    Object.assign(result, agentView());
  }
  for (const name of policy.allow) {
    const value = agentEnv[name];
    if (value !== undefined) result[name] = value;
  }
  return result;
}
