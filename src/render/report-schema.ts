// The `run --json` report (buildReport in report.ts) as a zod schema: the source of
// `hookrun schema report` and schema/report.schema.json. Strict objects, so a field added to the
// report without being added here fails the test that validates a real report against it.
import { z } from 'zod';

const location = z
  .strictObject({
    file: z.string().describe('Absolute path of the file.'),
    line: z.number().int().describe('1-based line; 0 when the position is unknown.'),
    column: z.number().int().describe('1-based column; 0 when the position is unknown.'),
    path: z.array(z.union([z.string(), z.number()])).describe('JSON path inside the file, e.g. ["hooks", "BeforeTool", 0, "hooks", 1].'),
  })
  .describe('Where something is defined.');

const diagnosticSchema = z
  .strictObject({
    code: z.string().describe('Stable machine-readable code, e.g. "invalid-event-name".'),
    severity: z.enum(['error', 'warning', 'info']),
    message: z.string(),
    location: location.optional(),
    fix: z.string().optional().describe('What would be right, when there is a concrete suggestion.'),
  })
  .describe('A problem found while loading the configuration.');

const place = {
  file: z.string().optional().describe('Settings or hooks file that defines the hook.'),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
};

const plannedHook = z
  .strictObject({
    index: z.number().int().describe('Position in the plan (results come in this order).'),
    name: z.string().describe('Display name: name, else command.'),
    command: z.string().describe('The command after variable expansion, as the shell receives it.'),
    configuredCommand: z.string().optional().describe('The command as configured (after load-time environment expansion).'),
    source: z.string().describe('The agent\'s source label ("project" for settings files, "extensions").'),
    layer: z.string().describe('Settings layer: systemDefaults, user, workspace, system or extension.'),
    ...place,
    matcher: z.unknown().optional().describe("The definition's matcher, as written."),
    matched: z.string().optional().describe('The matcher rule that let the hook through.'),
    timeoutMs: z.number().describe('Effective timeout in milliseconds.'),
    envKeys: z.array(z.string()).describe("Keys of the hook's own env (values are not reported)."),
    cwd: z.string().describe('The directory the hook runs in.'),
    heldBack: z.string().optional().describe('Why hookrun will not start it: its fingerprint is not trusted (--hook-trust block).'),
    extension: z.string().optional().describe('Extension name, for extension hooks.'),
  })
  .describe('A hook the plan runs.');

const planDescriptionSchema = z
  .strictObject({
    dialect: z.string(),
    event: z.string(),
    hooksEnabled: z.boolean().describe('hooksConfig.enabled after merge.'),
    trusted: z.boolean().describe('Folder trust decision.'),
    trustedBy: z.string().describe('What decided trust: env, flag, feature-disabled, file, no-rule, dialect.'),
    mode: z.enum(['parallel', 'sequential']),
    modeBecause: z.string(),
    hooks: z.array(plannedHook),
    skipped: z
      .array(
        z.strictObject({
          name: z.string(),
          reason: z.string().describe('Why it does not run, e.g. disabled, matcher, duplicate, planner-error.'),
          detail: z.string(),
          ...place,
          duplicateOf: z
            .strictObject({ name: z.string(), ...place })
            .optional()
            .describe('For a duplicate: the hook kept instead.'),
        }),
      )
      .describe('Configured hooks of this event that do not run, and why.'),
    error: z.string().optional().describe("Set when planning itself failed the way the agent's planner fails."),
    diagnostics: z.array(diagnosticSchema),
  })
  .describe('The plan: which hooks run, in which order and mode.');

const hookResult = z
  .strictObject({
    index: z.number().int(),
    name: z.string(),
    command: z.string().describe('The command as executed.'),
    source: z.string(),
    layer: z.string(),
    success: z.boolean().describe('Exit code 0 and no agent-level error.'),
    exitCode: z.number().int().describe('Exit code as the agent reports it (0 when killed by a signal).'),
    signal: z.string().nullable().describe('Signal that ended the process, if any.'),
    timedOut: z.boolean(),
    killed: z.boolean().describe('SIGKILL was needed after the grace period.'),
    durationMs: z.number(),
    error: z.string().optional().describe('Agent-level error: timeout, spawn failure.'),
    stdout: z.string(),
    stderr: z.string(),
    stdoutTruncated: z.boolean().describe('More was written than hookrun captures.'),
    stderrTruncated: z.boolean(),
    output: z.unknown().optional().describe('Parsed output that takes part in the merge.'),
    outputFormat: z.enum(['json', 'text']).optional(),
    stubbed: z.boolean().optional().describe('A test fixture replaced the command with a canned result.'),
    heldBack: z.boolean().optional().describe('Not started: its fingerprint is not trusted (see error).'),
    pipesHeldAfterExit: z.boolean().optional().describe('It exited, but a process it started still held its output when the timeout ended the wait (the agent waits for it too).'),
    contained: z.number().int().optional().describe('--contain: processes it left running that hookrun ended once it was done (the agent leaves them running).'),
    escaped: z
      .array(z.strictObject({ pid: z.number().int(), command: z.string().describe('Its command line, cut to 200 characters.') }))
      .optional()
      .describe('Processes it started that left its session with setsid and were still running after hookrun ended the session.'),
    differsFromAgent: z.array(z.string()).optional().describe("Where hookrun's handling of this hook (--contain, the capture limit) makes the result differ from the agent's."),
    cached: z.boolean().optional().describe("The agent's result cache answered instead of a process (Kiro cache_ttl_seconds)."),
    chainedInput: z.record(z.string(), z.unknown()).optional().describe('The input this hook received, when sequential chaining changed it.'),
  })
  .describe("One hook's result.");

/** The dialect-neutral verdict (aggregate/verdict.ts): in `run --json`, every `serve` answer and the library's. */
export const verdictSchema = z
  .strictObject({
    outcome: z.enum(['proceed', 'block', 'ask', 'stop']).describe('What the agent does: run the action, skip it (block), ask the user, or stop.'),
    reason: z.string().optional().describe('Why it blocks, asks or stops, as the agent hands it on (to the model, else the user), from whichever field this agent uses.'),
    updatedInput: z.unknown().optional().describe("The tool input a hook rewrote: the tool runs with it instead of the event's."),
    additionalContext: z.string().optional().describe('Context the hooks add for the model.'),
    systemMessage: z.string().optional().describe('The message the agent shows the user, for agents that have one.'),
    notRun: z
      .array(
        z.strictObject({
          hook: z.string().describe('The hook\'s name; "*" for every hook of a settings file the agent skips whole.'),
          source: z.string().describe('The settings layer it comes from (user, workspace, system, extension, …); for a skipped file, the file.'),
          why: z
            .enum(['untrusted', 'held-back', 'cannot-start', 'timed-out', 'disabled', 'dropped-file'])
            .describe(
              'untrusted: the folder is not trusted; held-back: its fingerprint is not trusted; cannot-start: no process could be started; timed-out: killed at its timeout; disabled: switched off in the settings; dropped-file: its settings file is skipped whole.',
            ),
          detail: z.string().describe('In words, with how to change it where there is a way.'),
          file: z.string().optional().describe('The file that configures it.'),
        }),
      )
      .describe(
        'The hooks configured for this event that would have run for it and did not (or did not finish). --fail-closed blocks on untrusted, held-back, cannot-start and timed-out.',
      ),
  })
  .meta({ title: 'hookrun verdict', description: "The answer in every agent's words: beside the agent's own output in `run --json`, `serve` and the library." });

export function verdictJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(verdictSchema) as Record<string, unknown>;
}

export const runReportSchema = z
  .strictObject({
    dialect: z.string(),
    event: z.string(),
    input: z.record(z.string(), z.unknown()).describe('The event JSON the hooks received (base fields filled in).'),
    plan: planDescriptionSchema,
    results: z.array(hookResult),
    output: z.record(z.string(), z.unknown()).describe("The merged output, as the agent's aggregator builds it ({} when no hook ran)."),
    outcome: z.enum(['proceed', 'block', 'ask', 'stop']),
    exitCode: z.number().int().describe("hookrun's exit code for the outcome: 0 proceed, 2 block, 3 ask, 4 stop."),
    success: z.boolean().describe('No hook had an agent-level error.'),
    errors: z.array(z.string()),
    totalDurationMs: z.number(),
    diagnostics: z.array(diagnosticSchema),
    notes: z.array(z.string()).describe("Where hookrun's result may differ from the agent's."),
    failClosed: z
      .strictObject({
        applied: z.boolean().describe('Whether a failure turned the outcome into a block.'),
        failures: z.array(
          z.strictObject({
            index: z.number().int().describe('Its place in the plan; -1 for a guard never planned (untrusted folder, skipped file).'),
            name: z.string(),
            why: z.string(),
          }),
        ),
        note: z.string().optional().describe('Why nothing was blocked although hooks failed (the event cannot block).'),
      })
      .optional()
      .describe('With --fail-closed: the hooks that failed to answer.'),
    endedEarly: z
      .strictObject({
        after: z.string().describe('The hook whose result ended the event.'),
        why: z.string().describe('Why the agent starts no later hook of the event.'),
        notRun: z.array(z.string()).describe('The planned hooks after it, which did not run.'),
      })
      .optional()
      .describe("The agent ended the event after one hook's result (GitHub Copilot CLI: the first preToolUse deny or ask)."),
    verdict: verdictSchema,
  })
  .meta({ title: 'hookrun run --json report', description: 'What `hookrun run --json` prints on stdout.' });

export function reportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(runReportSchema) as Record<string, unknown>;
}
