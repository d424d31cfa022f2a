// `hookrun test`: discover → load (all files valid, or exit 2 at file:line) → prepare every case →
// confirm (real commands will run) → run cases through the shared pipeline → report → exit code.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from '../../pipeline/context.js';
import { HookrunError, inputError } from '../../pipeline/errors.js';
import { discoverFixtures, loadProjectSettings } from '../../testing/discover.js';
import { type CaseResult, runCase, summarize, type TestRun } from '../../testing/execute.js';
import { type FixtureFile, type FixtureProblem, loadFixture } from '../../testing/load.js';
import { type PreparedCase, prepareCase } from '../../testing/prepare.js';
import { namedDialect } from '../../dialects/index.js';
import type { IO } from '../io.js';
import { createReporter, type ReporterName } from '../../render/reporters.js';

const EXIT_PASSED = 0;
const EXIT_FAILED = 1;
/** Nothing ran: a bad fixture, no fixture found, or running real commands was not confirmed. */
const EXIT_NOT_RUN = 2;

export interface TestCommandOptions {
  paths: string[];
  reporter?: ReporterName;
  /** Write the report to this file; stdout then gets the text report. */
  output?: string;
  /** Also write a JUnit report to this file, whatever the reporter (CI: annotations and a JUnit file from one run). */
  junit?: string;
  /** The dialect of cases that name none (default: HOOKRUN_DIALECT, else detected in each case's workspace, else gemini). */
  dialect?: string;
  dryRun?: boolean;
  /** `--yes` / `--ci`: run the commands without asking. */
  yes?: boolean;
  /** `--trust-workspace`: cases that set no `trust` run as in a trusted folder. */
  trustWorkspace?: boolean;
  /** `--pass-with-no-fixtures`: finding no fixture is a pass (exit 0), said on stderr. */
  passWithNoFixtures?: boolean;
  grace?: number;
  maxOutput?: number;
  /** End what each hook left running once it is done (default; `--no-contain` turns it off). */
  contain?: boolean;
}

export interface TestDeps {
  /** Asks one question on the terminal; injected by tests. Default: readline on the process's stdin. */
  ask?: (question: string) => Promise<string>;
}

export async function testCommand(options: TestCommandOptions, ctx: Context, io: IO, deps: TestDeps = {}): Promise<number> {
  const started = performance.now();
  try {
    namedDialect(options.dialect, ctx);
  } catch (error) {
    // A bad HOOKRUN_DIALECT runs nothing: exit 2, as bad arguments do (not a failed case's 1).
    if (error instanceof HookrunError) throw new HookrunError(error.kind, error.message, undefined, EXIT_NOT_RUN);
    throw error;
  }
  const { settings, problems } = await loadProjectSettings(ctx.cwd);
  const reporterName: ReporterName = options.reporter ?? settings.reporter ?? 'text';
  const workspaceRoot = ctx.env.GITHUB_WORKSPACE && reporterName === 'github' ? ctx.env.GITHUB_WORKSPACE : ctx.cwd;
  const relative = (file: string) => path.relative(workspaceRoot, file).split(path.sep).join('/') || '.';
  const toFile = options.output !== undefined;
  const reporter = createReporter(reporterName, { color: toFile ? false : io.colorStdout, relative });
  // With --output the chosen report goes to the file and people still see the text report.
  const live = toFile ? createReporter('text', { color: io.colorStdout, relative }) : reporter;

  const write = async (file: string, text: string): Promise<void> => {
    try {
      await writeFile(path.resolve(ctx.cwd, file), text);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw inputError(`cannot write the report to ${file} (${code ?? (error as Error).message})`);
    }
  };
  const finish = async (run: TestRun): Promise<number> => {
    if (options.junit !== undefined) await write(options.junit, createReporter('junit', { color: false, relative }).end(run));
    if (toFile) {
      await write(options.output!, reporter.end(run));
      io.stdout(live.end(run));
    } else {
      io.stdout(reporter.end(run));
    }
    return run.exitCode;
  };
  const notRun = (allProblems: FixtureProblem[], dryRun = false): Promise<number> =>
    finish({
      dryRun,
      files: [],
      cases: [],
      problems: allProblems,
      summary: summarize([], Math.round(performance.now() - started)),
      exitCode: EXIT_NOT_RUN,
    });

  if (problems.length > 0) return notRun(problems);
  const discovered = await discoverFixtures(ctx.cwd, options.paths, settings);
  if (options.passWithNoFixtures && discovered.files.length === 0 && discovered.problems.every((p) => p.message.startsWith('no fixture files'))) {
    for (const problem of discovered.problems) io.stderr(`hookrun test: nothing to test, a pass with --pass-with-no-fixtures (${problem.message})\n`);
    return finish({ dryRun: options.dryRun === true, files: [], cases: [], problems: [], summary: summarize([], Math.round(performance.now() - started)), exitCode: EXIT_PASSED });
  }
  const allProblems = [...discovered.problems];
  const fixtures: FixtureFile[] = [];
  for (const file of discovered.files) {
    const loaded = await loadFixture(file);
    if (loaded.ok) fixtures.push(loaded.fixture);
    else allProblems.push(...loaded.problems);
  }
  const prepared: PreparedCase[] = [];
  for (const fixture of fixtures) {
    for (const c of fixture.cases) {
      const result = await prepareCase(fixture, c, ctx, options.dialect, options.trustWorkspace);
      if ('problem' in result) allProblems.push(result.problem);
      else prepared.push(result.prepared);
    }
  }
  // Said once per dialect and reason, not per case: which agent the cases that name none follow.
  for (const note of new Set(prepared.flatMap((p) => (p.dialectNote === undefined ? [] : [p.dialectNote])))) io.stderr(`hookrun: ${note}\n`);
  if (allProblems.length > 0) return notRun(allProblems);

  if (!options.dryRun && !options.yes) {
    const commands = commandsToRun(prepared, relative);
    if (commands.length > 0) {
      const refusal = await confirm(commands, io, deps);
      if (refusal) {
        io.stderr(refusal);
        return EXIT_NOT_RUN;
      }
    }
  }

  const cases: CaseResult[] = [];
  await io.withInterrupt(async (signal) => {
    for (const p of prepared) {
      if (signal.aborted) break;
      const result = await runCase(p, {
        dryRun: options.dryRun === true,
        grace: options.grace,
        maxOutput: options.maxOutput,
        contain: options.contain !== false,
        signal,
      });
      cases.push(result);
      io.stdout(live.caseDone(result));
    }
  });
  if (io.interrupted) {
    io.stderr(`hookrun: interrupted by ${io.interrupted} after ${cases.length} case(s); every running hook was stopped\n`);
    return io.interrupted === 'SIGINT' ? 130 : io.interrupted === 'SIGHUP' ? 129 : 143;
  }
  const summary = summarize(cases, Math.round(performance.now() - started));
  return finish({
    dryRun: options.dryRun === true,
    files: fixtures.map((f) => f.file),
    cases,
    problems: [],
    summary,
    exitCode: summary.failed > 0 ? EXIT_FAILED : EXIT_PASSED,
  });
}

interface CommandToRun {
  command: string;
  where: string;
  cases: number;
  /** `NAME=value` the fixtures set for it (BASH_ENV, PATH, … can make a shell run another file first). */
  env: Set<string>;
}

/** The distinct hook commands the cases will start (stubbed hooks start nothing). */
function commandsToRun(prepared: readonly PreparedCase[], relative: (file: string) => string): CommandToRun[] {
  const byKey = new Map<string, CommandToRun>();
  for (const p of prepared) {
    if (p.skip !== undefined || p.error !== undefined || !p.planned) continue;
    for (const hook of p.planned.description.hooks) {
      if (p.stubs.has(hook.name)) continue;
      const where = hook.file ? `${relative(hook.file)}${hook.line ? `:${hook.line}` : ''}` : hook.source;
      const key = `${hook.command}\0${where}`;
      const seen = byKey.get(key) ?? { command: hook.command, where, cases: 0, env: new Set<string>() };
      seen.cases++;
      for (const [name, value] of Object.entries(p.fixtureEnv ?? {})) seen.env.add(`${name}=${JSON.stringify(value)}`);
      byKey.set(key, seen);
    }
  }
  return [...byKey.values()];
}

/** Undefined when the user said yes; otherwise the message to print. */
async function confirm(commands: CommandToRun[], io: IO, deps: TestDeps): Promise<string | undefined> {
  const withEnv = (c: CommandToRun) => (c.env.size > 0 ? `\n      with the fixture's environment: ${[...c.env].join(' ')}` : '');
  const list = commands.map((c) => `  $ ${c.command}\n      from ${c.where}, in ${c.cases} case(s)${withEnv(c)}`).join('\n');
  if (!io.stdin.isTTY) {
    return (
      `hookrun test: refusing to run ${commands.length} hook command(s) without confirmation:\n${list}\n` +
      'Standard input is not a terminal, so hookrun cannot ask. Pass --yes (or --ci) to run them, ' +
      'or --dry-run to check which hooks fire without running anything.\n'
    );
  }
  io.stderr(`hookrun test will run these hook commands on this machine:\n${list}\n`);
  const ask = deps.ask ?? (await import('../prompt.js')).askOnTerminal;
  const answer = (await ask('Run them? [y/N] ')).trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return undefined;
  return 'hookrun test: not confirmed; nothing was run (pass --yes to skip this question)\n';
}
