// The command-line edge: parse arguments, build the context, dispatch to a command, map errors to
// exit codes. Each command's module is imported only when that command runs.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { type Context, contextFromProcess } from './context.js';
import { HookrunError, formatLocation } from './errors.js';
import { type IO, processIO } from './io.js';

export const VERSION = '0.1.0';

const EXIT_ERROR = 1;

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function integer(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`${name} must be a whole number, got "${value}"`);
    return n;
  };
}

/** What every command definition gets: the streams, and where to put its exit code. */
export interface CommandDeps {
  io: IO;
  setExit: (code: number) => void;
  /** The context for the global `-C, --cwd` option (read when the action runs). */
  context: () => Context;
}

function buildProgram(io: IO, setExit: (code: number) => void): Command {
  const program = new Command('hookrun')
    .description('Run AI-agent hooks (Gemini CLI, Claude Code, Kiro CLI) outside the agent.')
    .version(VERSION)
    .option('-C, --cwd <dir>', 'workspace directory (default: the current directory)')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  const deps: CommandDeps = {
    io,
    setExit,
    context: () => contextFromProcess(program.opts().cwd as string | undefined),
  };
  // One definition per command; each imports its implementation only when it runs.
  defineRun(program, deps);
  defineTrust(program, deps);
  return program;
}

function defineRun(program: Command, { io, setExit, context }: CommandDeps): void {
  program
    .command('run')
    .description('run the hooks that match one event; print the merged output; exit code = outcome')
    .argument('[event]', 'event name (e.g. BeforeTool); optional when the JSON has hook_event_name')
    .option('--event <json>', 'event JSON')
    .option('--event-file <path>', 'read the event JSON from a file (- = standard input)')
    .option('--tool <name>', 'set tool_name')
    .option('--tool-input <json>', 'set tool_input (a JSON object)')
    .option('--prompt <text>', 'set prompt')
    .option('--source <source>', 'set source (SessionStart: startup, resume, clear)')
    .option('--reason <reason>', 'set reason (SessionEnd: exit, clear, logout, prompt_input_exit, other)')
    .option('--trigger <trigger>', 'set trigger (PreCompress: manual, auto)')
    .addOption(new Option('--dialect <name>', 'agent whose rules to follow').choices(['gemini', 'claude', 'kiro']).default('gemini'))
    .option('--trust-workspace', 'trust this workspace for this run (as GEMINI_CLI_TRUST_WORKSPACE=true)')
    .option('--dry-run', 'print the plan as JSON; run nothing')
    .option('--json', 'print the full report (plan, every result, merged output) instead of the merged output')
    .option('-q, --quiet', 'no report on stderr')
    .option('--grace <ms>', 'after a timeout, how long a hook has between SIGTERM and SIGKILL', integer('--grace'), 5000)
    .option('--max-output <bytes>', 'bytes captured per hook stream; the rest is read and dropped', integer('--max-output'))
    .addOption(
      new Option('--hook-trust <policy>', 'new or changed project hooks in a folder trusted via trustedFolders.json: block them, or warn and run them as Gemini CLI does (default: $HOOKRUN_HOOK_TRUST, else block)').choices(['block', 'warn']),
    )
    .option('--fail-closed', 'a hook that fails, times out, cannot start or is held back blocks the action (exit 2)')
    .option('--clean-env', 'hooks inherit only PATH, HOME, LANG-style basics from hookrun (plus --env-allow names and the GEMINI_* variables)')
    .option('--env-allow <name>', 'pass this variable to hooks as it is, whatever the redaction rules say (repeatable)', collect)
    .addHelpText(
      'after',
      `
Exit codes: 0 proceed, 2 block, 3 ask, 4 stop, 1 hookrun error (130/143 when interrupted).

Examples:
  $ hookrun run BeforeTool --tool run_shell_command --tool-input '{"command":"rm -rf /"}'
  $ hookrun run --event-file event.json --json
  $ echo '{"source":"startup"}' | hookrun run SessionStart -C ~/project
  $ hookrun run BeforeTool --tool write_file --dry-run
  $ hookrun run BeforeTool --tool run_shell_command --fail-closed --clean-env --env-allow GITHUB_TOKEN`,
    )
    .action(async (event: string | undefined, opts: Record<string, unknown>) => {
      const { runCommand } = await import('./commands/run.js');
      const ctx = context();
      setExit(
        await runCommand(
          {
            event,
            eventJson: opts.event as string | undefined,
            eventFile: opts.eventFile as string | undefined,
            tool: opts.tool as string | undefined,
            toolInput: opts.toolInput as string | undefined,
            prompt: opts.prompt as string | undefined,
            source: opts.source as string | undefined,
            reason: opts.reason as string | undefined,
            trigger: opts.trigger as string | undefined,
            dialect: opts.dialect as string,
            trustWorkspace: opts.trustWorkspace === true,
            dryRun: opts.dryRun === true,
            json: opts.json === true,
            quiet: opts.quiet === true,
            graceMs: opts.grace as number,
            maxOutputBytes: opts.maxOutput as number | undefined,
            hookTrust: opts.hookTrust as string | undefined,
            failClosed: opts.failClosed === true,
            cleanEnv: opts.cleanEnv === true,
            envAllow: (opts.envAllow as string[] | undefined) ?? [],
          },
          ctx,
          io,
        ),
      );
    });
}

function defineTrust(program: Command, { io, setExit, context }: CommandDeps): void {
  program
    .command('trust')
    .description('show and manage trusted folders and project-hook fingerprints (shared with Gemini CLI)')
    .option('--folder [path]', 'trust a folder (default: the workspace) in trustedFolders.json')
    .addOption(
      new Option('--level <level>', 'trust level written by --folder').choices(['TRUST_FOLDER', 'TRUST_PARENT', 'DO_NOT_TRUST']).default('TRUST_FOLDER'),
    )
    .option('--hooks', "show the workspace's project hooks, then record them as trusted in trusted_hooks.json")
    .option('--revoke', 'remove instead: the folder rule (--folder), the fingerprints (--hooks), or both')
    .option('--dry-run', 'show what would be written; write nothing')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      `
Without --folder, --hooks or --revoke it lists: this folder's trust decision, the rules in
trustedFolders.json, and every project hook with its fingerprint status (trusted, new, changed).
Writes are atomic and locked; a file that does not parse is never overwritten.
Exit codes: 0 done, 1 error (invalid trust file, bad arguments).

Examples:
  $ hookrun trust                       # list
  $ hookrun trust --folder              # trust the current folder
  $ hookrun trust --folder ~/src --level TRUST_PARENT
  $ hookrun trust --hooks               # review, then record this project's hooks
  $ hookrun trust --revoke              # forget folder rule and fingerprints of this folder
  $ hookrun trust --revoke --hooks -C ~/src/app`,
    )
    .action(async (opts: Record<string, unknown>) => {
      const { trustCommand } = await import('./commands/trust.js');
      setExit(
        await trustCommand(
          {
            folder: opts.folder as string | boolean | undefined,
            level: opts.level as string,
            hooks: opts.hooks === true,
            revoke: opts.revoke === true,
            dryRun: opts.dryRun === true,
            json: opts.json === true,
          },
          context(),
          io,
        ),
      );
    });
}

/** Runs hookrun with `argv` (without node and script); returns the exit code. Never exits the process. */
export async function main(argv: readonly string[], io: IO = processIO()): Promise<number> {
  let exitCode = 0;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; usage errors were already printed by commander.
      return error.exitCode === 0 ? 0 : EXIT_ERROR;
    }
    if (error instanceof HookrunError) {
      const where = error.location && !error.message.includes(error.location.file) ? `${formatLocation(error.location)}: ` : '';
      io.stderr(`hookrun: error: ${where}${error.message}\n`);
      return error.exitCode ?? EXIT_ERROR;
    }
    io.stderr(`hookrun: internal error: ${(error as Error).stack ?? String(error)}\n`);
    return EXIT_ERROR;
  }
}
