// Gemini CLI, the primary dialect: each member delegates to the stage module that holds the rule.
import { aggregateGemini, outcomeGemini } from '../aggregate/gemini.js';
import { geminiHome } from '../context.js';
import { completeGeminiInput } from '../event/gemini.js';
import { GEMINI_EVENTS } from '../event/schemas.js';
import { chainGemini } from '../exec/chain.js';
import { buildHookEnvironment, inheritedEnvironment, redactionSettingsFrom, resolvePlansDir } from '../exec/env.js';
import { interpretGemini } from '../exec/parse.js';
import { buildShellInvocation } from '../exec/shell.js';
import { planGemini } from '../plan/gemini.js';
import { loadGeminiConfig } from '../settings/gemini.js';
import type { ResolvedConfig } from '../types.js';
import type { Context } from '../context.js';
import type { Dialect } from './dialect.js';

/** Gemini CLI's default hook timeout, in milliseconds. */
export const GEMINI_DEFAULT_TIMEOUT_MS = 60_000;

/**
 * The delay Gemini CLI's timer really gets: `timeout ?? 60000` handed to Node's setTimeout, which
 * multiplies it by 1 and turns anything outside 1..2^31-1 (0, negatives, NaN from "abc") into 1 ms.
 * A trap (a `timeout: 0` hook is killed at once), reproduced so the prediction holds; `validate` flags it.
 */
export function effectiveTimeoutMs(timeout: unknown): number {
  const delay = Number(timeout ?? GEMINI_DEFAULT_TIMEOUT_MS);
  return delay >= 1 && delay <= 2 ** 31 - 1 ? delay : 1;
}

/**
 * GEMINI_PLANS_DIR, looked up once per run and session: finding the project id reads Gemini's
 * projects.json and scans its tmp/ and history/ directories, and Gemini itself settles it once per
 * session. Keyed by the run's config, so nothing outlives the run.
 */
const plansDirs = new WeakMap<ResolvedConfig, Map<string, string>>();

function plansDirFor(config: ResolvedConfig, ctx: Context, sessionId: string): string {
  let byKey = plansDirs.get(config);
  if (!byKey) plansDirs.set(config, (byKey = new Map()));
  const home = geminiHome(ctx);
  const key = `${home}\0${ctx.cwd}\0${sessionId}`;
  let plansDir = byKey.get(key);
  if (plansDir === undefined) {
    plansDir = resolvePlansDir({ geminiHome: home, projectRoot: ctx.cwd, sessionId }).plansDir;
    byKey.set(key, plansDir);
  }
  return plansDir;
}

/** The environment every hook of a run inherits (redacted, narrowed by --clean-env/--env-allow), worked out once per run. */
const inheritedEnvs = new WeakMap<ResolvedConfig, { from: Context['env']; inherited: Record<string, string> }>();

function inheritedFor(config: ResolvedConfig, ctx: Context): Record<string, string> {
  const known = inheritedEnvs.get(config);
  if (known?.from === ctx.env) return known.inherited;
  const inherited = inheritedEnvironment(ctx.env, redactionSettingsFrom(config.merged), config.envPolicy);
  inheritedEnvs.set(config, { from: ctx.env, inherited });
  return inherited;
}

export const gemini: Dialect = {
  name: 'gemini',
  events: GEMINI_EVENTS,
  flagFields: {
    tool: 'tool_name',
    toolInput: 'tool_input',
    prompt: 'prompt',
    source: 'source',
    reason: 'reason',
    trigger: 'trigger',
  },
  completeInput: completeGeminiInput,
  loadConfig: (ctx, options) => loadGeminiConfig(ctx, { trustWorkspace: options.trustWorkspace, keepInactive: options.keepInactive }),
  plan: planGemini,

  invocation(hook, input, config, ctx) {
    const sessionId = String(input.session_id);
    // The agent expands and spawns in the event's cwd, which it sets to its workspace. hookrun uses
    // its workspace (-C) for both, so a replayed event recorded elsewhere still runs here.
    const cwd = ctx.cwd;
    const plansDir = plansDirFor(config, ctx, sessionId);
    const shell = buildShellInvocation(hook.entry.config.command ?? '', { cwd, plansDir, sessionId }, ctx);
    return {
      command: shell.command,
      file: shell.file,
      args: shell.args,
      cwd,
      env: buildHookEnvironment({
        processEnv: ctx.env,
        inherited: inheritedFor(config, ctx),
        redaction: redactionSettingsFrom(config.merged),
        ...(config.envPolicy ? { policy: config.envPolicy } : {}),
        cwd,
        plansDir,
        sessionId,
        hookEnv: hook.entry.config.env,
      }),
      stdin: JSON.stringify(input),
      timeoutMs: effectiveTimeoutMs(hook.entry.config.timeout),
    };
  },

  interpret: (_event, outcome, invocation) => interpretGemini(outcome, invocation.timeoutMs),
  chain: chainGemini,
  aggregate: aggregateGemini,
  outcome: outcomeGemini,
};
