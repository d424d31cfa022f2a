// Each case made ready to run before anything runs: its workspace and environment, its event built
// exactly as `hookrun run` builds one (readEvent + the dialect's completeInput), the configuration
// loaded and the plan made. A case whose event is wrong is a bad fixture (exit 2, at its line);
// settings that fail to load make the case fail when it runs.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from '../pipeline/context.js';
import { chooseDialect, getDialect } from '../dialects/index.js';
import { HookrunError } from '../pipeline/errors.js';
import { readEvent, type Stdin } from '../pipeline/event/input.js';
import { planEvent, type PlannedEvent } from '../pipeline/pipeline.js';
import type { ProcessOutcome } from '../pipeline/types.js';
import { expectationCount } from './expect.js';
import type { FixtureCase, FixtureFile, FixtureProblem } from './load.js';
import type { StubInput } from './schema.js';

export interface PreparedCase {
  fixture: FixtureFile;
  case: FixtureCase;
  name: string;
  /** Set when the case does not run: why. */
  skip?: string;
  /** Set when the case cannot run (settings that do not load, a stub for an unknown hook): it fails. */
  error?: string;
  ctx?: Context;
  /** The variables the fixture sets for the case's hooks (defaults, then the case): shown before anything runs. */
  fixtureEnv?: Record<string, string>;
  planned?: PlannedEvent;
  /** Canned outcomes by hook display name. */
  stubs: Map<string, ProcessOutcome>;
  timeoutMs?: number;
  /** Which dialect detection chose for a case that names none, and why (for one line on stderr). */
  dialectNote?: string;
}

/** A case never reads hookrun's own standard input. */
const NO_STDIN: Stdin = { isTTY: true, read: async () => '' };

const stringEnv = (env: Record<string, string | number | boolean> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(env ?? {}).map(([k, v]) => [k, String(v)]));

function stubOutcome(stub: StubInput): ProcessOutcome {
  const stdout = stub.stdout ?? (stub.output === undefined ? '' : typeof stub.output === 'string' ? stub.output : JSON.stringify(stub.output));
  return {
    stdout: stub.timedOut ? '' : stdout,
    stderr: stub.stderr ?? '',
    exitCode: stub.timedOut ? null : (stub.exitCode ?? 0),
    signal: stub.timedOut ? 'SIGTERM' : null,
    timedOut: stub.timedOut ?? false,
    stdoutTruncated: false,
    stderrTruncated: false,
    durationMs: stub.durationMs ?? 0,
    killed: false,
  };
}

function caseName(c: FixtureCase): string {
  return c.name ?? `${c.event ?? 'event'} case ${c.index + 1}`;
}

export async function prepareCase(
  fixture: FixtureFile,
  c: FixtureCase,
  base: Context,
  /** `hookrun test --dialect`: the dialect of cases and fixtures that name none (else chooseDialect's rule, in the case's workspace). */
  defaultDialect?: string,
  /** `hookrun test --trust-workspace`: the trust of cases and fixtures that set none. */
  defaultTrust?: boolean,
): Promise<{ prepared: PreparedCase } | { problem: FixtureProblem }> {
  const d = fixture.defaults;
  const name = caseName(c);
  const stubs = new Map(Object.entries(c.stub ?? {}).map(([hook, stub]) => [hook, stubOutcome(stub)]));
  const prepared: PreparedCase = { fixture, case: c, name, stubs };
  const timeout = c.timeout ?? d.timeout;
  if (timeout !== undefined) prepared.timeoutMs = timeout;
  const problemAt = (where: (string | number)[], message: string): { problem: FixtureProblem } => ({
    problem: { file: fixture.file, ...c.locate(where), message: `case "${name}": ${message}` },
  });

  if (c.skip !== undefined && c.skip !== false) {
    prepared.skip = typeof c.skip === 'string' ? c.skip : 'skip: true';
    return { prepared };
  }
  if (expectationCount(c.expect) === 0) {
    prepared.skip = 'no expectations yet (fill in `expect`)';
    return { prepared };
  }

  const dir = path.dirname(fixture.file);
  const cwdOption = c.cwd ?? d.cwd;
  const cwd = path.resolve(dir, cwdOption ?? '.');
  const isDir = await stat(cwd).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) return problemAt([c.cwd !== undefined ? 'cwd' : 'name'], `workspace ${cwd} is not a folder (cwd is relative to the fixture file)`);

  const fixtureEnv = { ...stringEnv(d.env), ...stringEnv(c.env) };
  if (Object.keys(fixtureEnv).length > 0) prepared.fixtureEnv = fixtureEnv;
  const env: Record<string, string | undefined> = { ...base.env, ...fixtureEnv };
  const trust = c.trust ?? d.trust ?? (defaultTrust ? true : undefined);
  // trust: false means "as in an untrusted folder", which only the environment variable can force.
  if (trust === false) env.GEMINI_CLI_TRUST_WORKSPACE = 'false';
  const ctx: Context = { cwd, env, platform: base.platform, now: base.now };
  prepared.ctx = ctx;

  try {
    const named = c.dialect ?? d.dialect;
    const chosen = named === undefined ? await chooseDialect(defaultDialect, ctx) : { dialect: await getDialect(named) };
    const { dialect } = chosen;
    if (chosen.note !== undefined) prepared.dialectNote = chosen.note;
    if (dialect.noAddedContext !== undefined && c.expect?.additionalContext !== undefined) {
      return problemAt(['expect', 'additionalContext'], `additionalContext: ${dialect.noAddedContext}`);
    }
    // The verdict is for every agent: its context may be expected absent (null) of one that takes none.
    const verdictContext = c.expect?.verdict?.additionalContext;
    if (dialect.noAddedContext !== undefined && verdictContext !== undefined && verdictContext !== null) {
      return problemAt(['expect', 'verdict', 'additionalContext'], `verdict.additionalContext: ${dialect.noAddedContext}`);
    }
    const { event, input } = await readEvent(
      {
        event: c.event,
        eventJson: c.eventFile === undefined ? JSON.stringify(c.input ?? {}) : undefined,
        eventFile: c.eventFile === undefined ? undefined : path.resolve(dir, c.eventFile),
        tool: c.tool,
        toolInput: c.toolInput === undefined ? undefined : JSON.stringify(c.toolInput),
        prompt: c.prompt,
        source: c.source,
        trigger: c.trigger,
      },
      dialect,
      NO_STDIN,
    );
    prepared.planned = await planEvent(dialect, event, input, ctx, { trustWorkspace: trust === true });
  } catch (error) {
    if (!(error instanceof HookrunError)) throw error;
    // Settings that do not load are the workspace's problem, not the fixture's: the case fails.
    if (error.kind === 'config') {
      prepared.error = error.message;
      return { prepared };
    }
    const field = /field "([^"]+)"/.exec(error.message)?.[1];
    const where: (string | number)[] =
      field !== undefined && c.input !== undefined && field in c.input
        ? ['input', field]
        : [c.eventFile !== undefined ? 'eventFile' : c.event !== undefined ? 'event' : c.input !== undefined ? 'input' : 'name'];
    const message = error.message.startsWith('no event name')
      ? 'no event: give `event` (e.g. event: BeforeTool) or hook_event_name in the event JSON'
      : error.message.replace(/^--event-file /, 'eventFile ').replace(/^--event: /, '');
    const detected = prepared.dialectNote === undefined ? '' : ` (the case names no dialect; ${prepared.dialectNote})`;
    return problemAt(where, `${message}${detected}`);
  }

  const known = new Set(prepared.planned.config.entries.map((e) => e.displayName));
  const unknown = [...stubs.keys()].filter((hook) => !known.has(hook));
  if (unknown.length > 0) {
    prepared.error = `stub for ${unknown.map((u) => `"${u}"`).join(', ')}, which is not a configured hook (configured: ${[...known].map((k) => `"${k}"`).join(', ') || 'none'})`;
  }
  return { prepared };
}
