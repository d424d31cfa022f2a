// Gemini CLI, the primary dialect: each member delegates to the stage module that holds the rule.
import { aggregateGemini, outcomeGemini, rewrittenToolInputGemini } from './aggregate.js';
import { geminiHome } from '../../pipeline/context.js';
import { completeGeminiInput } from './input.js';
import { textOf } from '../../pipeline/event/json.js';
import { GEMINI_EVENTS } from './input-schemas.js';
import { chainGemini } from './chain.js';
import { buildHookEnvironment, inheritedEnvironment, RedactionListError, redactionSettingsFrom, resolvePlansDir } from './env.js';
import { interpretGemini } from './interpret.js';
import { buildShellInvocation } from './shell.js';
import { planGemini } from './plan.js';
import { GEMINI_DEFAULT_TIMEOUT_MS } from './traps.js';
import { loadGeminiConfig } from './settings/load.js';
import { configuredAt } from './configured.js';
import { GEMINI_DROPPED_HOOK_CODES } from './settings/registry.js';
import { isPlainObject } from '../../files/jsonc.js';
import type { JsonObject, PlannedHook, ResolvedConfig } from '../../pipeline/types.js';
import type { Context } from '../../pipeline/context.js';
import { defineDialect, type HookInvocation } from '../dialect.js';
import { resolveHookTrustPolicy } from '../../trust/policy.js';
import { gateProjectHooks } from './trust/gate.js';
import { geminiFailClosed } from './fail-closed.js';
import type { Diagnostic } from '../../pipeline/types.js';
import type { PastedValue, ValueAsCode } from './shell.js';
import { geminiVerdictWords, geminiWords } from './words.js';

/**
 * The delay Gemini CLI's timer really gets: `timeout ?? 60000` handed to Node's setTimeout, which
 * multiplies it by 1 and turns anything outside 1..2^31-1 (0, negatives, NaN from "abc") into 1 ms.
 * A trap (a `timeout: 0` hook is killed at once), reproduced so the prediction holds; `validate` flags it.
 */
function effectiveTimeoutMs(timeout: unknown): number {
  const delay = Number(timeout ?? GEMINI_DEFAULT_TIMEOUT_MS);
  return delay >= 1 && delay <= 2 ** 31 - 1 ? delay : 1;
}

/**
 * A settings hook of type "runtime" is registered (it needs only a name), but Gemini CLI runs a runtime
 * hook by calling its in-process function, which no settings file can give: the call throws at once, the
 * hook fails without output and its command never runs. A trap, reproduced and reported (the loader
 * warns, `validate` flags it).
 */
const RUNTIME_HOOK_ERROR =
  'a "runtime" hook is an in-process function that settings cannot define: Gemini CLI\'s call fails (TypeError: hookConfig.action is not a function) and the command is never run';

/**
 * Where Gemini CLI's runner fails a hook before anything starts, in its order: a runtime hook from
 * settings (above); a hook with no command (a `plugin` one: validation asks a command only of `command`
 * hooks); a command that is not a string, on which expanding the variables (`command.replace`) throws;
 * a redaction list its sanitizer throws on (RedactionListError).
 */
function whyItCannotStart(hook: PlannedHook, config: ResolvedConfig, ctx: Context): string | undefined {
  const { type, command } = hook.entry.config as { type: unknown; command: unknown };
  if (type === 'runtime') return RUNTIME_HOOK_ERROR;
  if (!command) return 'Command hook missing command (Gemini CLI fails a hook without a command without running anything)';
  if (typeof command !== 'string') {
    return `the command ${JSON.stringify(command)} is not a string: Gemini CLI's runner expands variables with command.replace, which throws (TypeError), and the hook never starts`;
  }
  const inherited = inheritedOnce(config, ctx);
  return inherited instanceof RedactionListError ? inherited.message : undefined;
}

/** The environment every hook of the run inherits, or the error Gemini's sanitizer throws instead. */
function inheritedOnce(config: ResolvedConfig, ctx: Context): Record<string, string> | RedactionListError {
  return oncePerRun(config, 'env', () => {
    try {
      const inherited = inheritedEnvironment(ctx.env, redactionSettingsFrom(config.merged), config.envPolicy, config.agentEnv);
      // hookrun's own rule: what a project .env sets to run code stays out unless --env-allow names it.
      for (const name of config.envWithheld ?? []) if (!config.envPolicy?.allow.includes(name)) delete inherited[name];
      return inherited;
    } catch (error) {
      if (error instanceof RedactionListError) return error;
      throw error;
    }
  });
}

/**
 * What the hooks of one run share, worked out once: GEMINI_PLANS_DIR per session (finding the
 * project id reads Gemini's projects.json and scans its tmp/ and history/ directories; Gemini settles
 * it once per session too) and the environment every hook inherits (Gemini's after its start-up,
 * redacted, narrowed by --clean-env/--env-allow). Keyed by the run's config, loaded for the context it runs in, so nothing
 * outlives the run.
 */
const perRun = new WeakMap<ResolvedConfig, Map<string, unknown>>();

function oncePerRun<T>(config: ResolvedConfig, key: string, compute: () => T): T {
  let known = perRun.get(config);
  if (!known) perRun.set(config, (known = new Map()));
  if (!known.has(key)) known.set(key, compute());
  return known.get(key) as T;
}

/** `general.plan.directory` of the merged settings, which Gemini CLI makes its plans directory when set. */
function customPlansDir(settings: JsonObject): string | undefined {
  const general = settings.general;
  const plan = isPlainObject(general) ? general.plan : undefined;
  const directory = isPlainObject(plan) ? plan.directory : undefined;
  return typeof directory === 'string' && directory !== '' ? directory : undefined;
}

/** What hookrun says where Gemini CLI would run an event value as shell code (or let it break the quoting). */
/** The environment variable a hook reads a pasted value from: `{workspacePath}` is GEMINI_PROJECT_DIR, `{NAME}` is NAME. */
const environmentName = (variable: string): string => (variable === '{workspacePath}' ? 'GEMINI_PROJECT_DIR' : variable.replace(/^\{(.*)\}$/, '$1'));

function valueAsCodeWarnings(hook: PlannedHook, asCode: ValueAsCode[], geminiCommand: string, refused?: string): Diagnostic[] {
  const names = [...new Set(asCode.map((a) => `$${a.variable}`))].join(', ');
  if (refused) {
    const warning: Diagnostic = {
      code: 'value-as-code',
      severity: 'warning',
      message:
        `hook "${hook.entry.displayName}": ${refused}. Gemini CLI pastes it into the command text and would execute: ${JSON.stringify(geminiCommand)}. ` +
        `Check that the value is a number inside the hook's script before doing arithmetic with it`,
    };
    if (hook.entry.location) warning.location = hook.entry.location;
    return [warning];
  }
  const code = asCode.some((a) => a.kind === 'code');
  const warning: Diagnostic = {
    code: code ? 'value-as-code' : 'value-breaks-quoting',
    severity: 'warning',
    message:
      `hook "${hook.entry.displayName}": the value of ${names} ${code ? 'would run as shell code' : 'would close the quotes around it'} in Gemini CLI, ` +
      `which pastes it into the command text and would execute: ${JSON.stringify(geminiCommand)}; ` +
      `hookrun passed it to the shell as data (${asCode.map((a) => a.dataVariable).join(', ')}). ` +
      // `${workspacePath}` is no environment variable; GEMINI_PROJECT_DIR holds the same path. A setting's is its own name.
      `Write "\${${environmentName(asCode[0]!.variable)}}" (braced, in double quotes) to read it from the environment in both`,
  };
  if (hook.entry.location) warning.location = hook.entry.location;
  return [warning];
}

export const gemini = defineDialect({
  name: 'gemini',
  agentName: 'Gemini CLI',
  events: GEMINI_EVENTS,
  completeInput: completeGeminiInput,
  loadConfig: (ctx, options) => loadGeminiConfig(ctx, { trustWorkspace: options.trustWorkspace, keepInactive: options.keepInactive, version: options.geminiVersion }),
  droppedHookCodes: GEMINI_DROPPED_HOOK_CODES,
  plan: planGemini,

  invocation(hook, input, config, ctx) {
    const sessionId = String(input.session_id);
    // The agent expands and spawns in the event's cwd, which it sets to its workspace. hookrun uses
    // its workspace (-C) for both, so a replayed event recorded elsewhere still runs here.
    const cwd = ctx.cwd;
    const home = geminiHome(ctx);
    const plansDir = oncePerRun(
      config,
      `plans\0${home}\0${cwd}\0${sessionId}`,
      () => resolvePlansDir({ geminiHome: home, projectRoot: cwd, sessionId, customPlansDir: customPlansDir(config.merged) }).plansDir,
    );
    // A command that is not a string never runs (see whyItCannotStart); shown as JSON in the plan.
    const command: unknown = hook.entry.config.command;
    const inherited = inheritedOnce(config, ctx);
    // An extension's `${workspacePath}` was pasted raw when its hooks.json loaded: a value like the others.
    // So were the setting values a workspace .env supplied (extensions.ts marks them as `pastedValues`).
    const fromEnvFile = Array.isArray(hook.entry.config.pastedValues) ? (hook.entry.config.pastedValues as PastedValue[]) : [];
    const pasted = hook.entry.extension !== undefined ? [{ variable: '{workspacePath}', value: ctx.cwd }, ...fromEnvFile] : [];
    const shell = buildShellInvocation(typeof command === 'string' ? command : textOf(command ?? ''), { cwd, plansDir, sessionId }, ctx, pasted);
    const env = buildHookEnvironment({
      // With a redaction error the hook never starts (whyItCannotStart): its plan shows no inherited variable.
      inherited: inherited instanceof RedactionListError ? {} : inherited,
      cwd,
      plansDir,
      sessionId,
      hookEnv: hook.entry.config.env,
    });
    // After the hook's own env: a data variable must hold exactly the text it stands for.
    if (shell.dataEnv) Object.assign(env, shell.dataEnv);
    const invocation: HookInvocation = {
      command: shell.command,
      file: shell.file,
      args: shell.args,
      cwd,
      env,
      stdin: JSON.stringify(input),
      timeoutMs: effectiveTimeoutMs(hook.entry.config.timeout),
      // Gemini CLI appends each read from the pipe as text (hookRunner.ts, docs/sources.md §G).
      decodeEachRead: true,
    };
    if (shell.asCode) invocation.warnings = valueAsCodeWarnings(hook, shell.asCode, shell.geminiCommand ?? shell.command, shell.refused);
    if (shell.refused) invocation.cannotStart = shell.refused;
    return invocation;
  },

  cannotStart: whyItCannotStart,
  interpret: (_event, outcome, invocation) => interpretGemini(outcome, invocation.timeoutMs),
  chain: chainGemini,
  aggregate: aggregateGemini,
  outcome: outcomeGemini,
  answerWords: geminiWords,
  verdictWords: geminiVerdictWords,
  rewrittenToolInput: rewrittenToolInputGemini,
  failClosed: geminiFailClosed,
  gateProjectHooks: (ctx, config, hookTrust) => gateProjectHooks(ctx, config, resolveHookTrustPolicy(hookTrust, ctx)),
  configuredAt,
  migrate: () => import('./migrate.js'),
  trustRecords: ['folder-rules', 'fingerprints'],
  hookFingerprints: async () => (await import('./trust/fingerprints.js')).geminiFingerprints,
  hookSwitch: async () => (await import('./hook-switch.js')).geminiHookSwitch,
  capture: async () => (await import('./capture.js')).geminiCapture,
  async validator() {
    const [{ validateGemini }, { FINDING_CODES }] = await Promise.all([import('./validate/validate.js'), import('./validate/codes.js')]);
    return { codes: Object.keys(FINDING_CODES), rules: FINDING_CODES, validate: (ctx, options) => validateGemini(ctx, { ignore: options.ignore, version: options.geminiVersion }) };
  },
});
