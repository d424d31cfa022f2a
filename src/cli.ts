// The command-line edge: parse arguments, build the context, dispatch to a command, map errors to
// exit codes. Each command's module is imported only when that command runs.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { type Context, contextFromProcess } from './context.js';
import { HookrunError, formatLocation } from './errors.js';
import { type IO, processIO } from './io.js';

export const VERSION = '0.1.0';

const EXIT_ERROR = 1;

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
  defineExplain(program, deps);
  definePanel(program, deps);
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
    .addHelpText(
      'after',
      `
Exit codes: 0 proceed, 2 block, 3 ask, 4 stop, 1 hookrun error.

Examples:
  $ hookrun run BeforeTool --tool run_shell_command --tool-input '{"command":"rm -rf /"}'
  $ hookrun run --event-file event.json --json
  $ echo '{"source":"startup"}' | hookrun run SessionStart -C ~/project
  $ hookrun run BeforeTool --tool write_file --dry-run`,
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
          },
          ctx,
          io,
        ),
      );
    });
}

function defineExplain(program: Command, { io, setExit, context }: CommandDeps): void {
  program
    .command('explain')
    .description('for every configured hook of an event: fires or not, and why; runs nothing')
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
    .option('--json', 'print the explanation as JSON')
    .addHelpText(
      'after',
      `
Reasons a hook does not fire: matcher (with the rule applied), disabled (hooksConfig.disabled, with the
file that lists it), duplicate (with the hook kept instead), planner-error, hooks-disabled
(hooksConfig.enabled is false), untrusted-folder, extension-inactive.

Exit codes: 0 explained, 1 hookrun error (bad arguments, unreadable event or settings).

Examples:
  $ hookrun explain BeforeTool --tool write_file
  $ hookrun explain SessionStart --source resume --json
  $ hookrun explain BeforeAgent -C ~/project --trust-workspace`,
    )
    .action(async (event: string | undefined, opts: Record<string, unknown>) => {
      const { explainCommand } = await import('./commands/explain.js');
      const ctx = context();
      setExit(
        await explainCommand(
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
            json: opts.json === true,
          },
          ctx,
          io,
        ),
      );
    });
}

const PANEL_EXIT = `
Edits hooksConfig.disabled in the workspace (.gemini/settings.json) and user (~/.gemini/settings.json)
settings as Gemini CLI's /hooks command does; system settings are never changed. Files are edited in
place (comments and formatting kept), written atomically, under a lock file.

Exit codes: 0 done or already in that state, 1 error (hook system not enabled, unreadable settings, write failed).`;

/** The hook panel: Gemini CLI's `/hooks` list, enable, disable, enable-all, disable-all. */
function definePanel(program: Command, { io, setExit, context }: CommandDeps): void {
  const common = (command: Command) =>
    command
      .option('--json', 'print the result as JSON')
      .option('--trust-workspace', 'trust this workspace for this run (as GEMINI_CLI_TRUST_WORKSPACE=true)');
  const flags = (opts: Record<string, unknown>) => ({ json: opts.json === true, trustWorkspace: opts.trustWorkspace === true, all: opts.all === true });

  common(program.command('list'))
    .description('every registered hook per event: source, name, matcher, enabled, trusted')
    .option('--all', 'also list configured hooks that are not registered (hooks disabled, untrusted folder, inactive extension)')
    .addHelpText('after', '\nExit codes: 0 listed, 1 unreadable settings.\n\nExamples:\n  $ hookrun list\n  $ hookrun list --all --json')
    .action(async (opts: Record<string, unknown>) => {
      const { listCommand } = await import('./commands/panel.js');
      setExit(await listCommand(flags(opts), context(), io));
    });

  for (const action of ['enable', 'disable'] as const) {
    common(program.command(action))
      .description(`${action} every hook with this name (its "name", else its command), in all events`)
      .argument('<name>', 'hook name as `hookrun list` shows it')
      .addHelpText('after', `${PANEL_EXIT}\n\nExamples:\n  $ hookrun ${action} format-on-save\n  $ hookrun ${action} './hooks/check.sh' -C ~/project`)
      .action(async (name: string, opts: Record<string, unknown>) => {
        const { toggleCommand } = await import('./commands/panel.js');
        setExit(await toggleCommand(action, name, flags(opts), context(), io));
      });
  }

  for (const action of ['enable-all', 'disable-all'] as const) {
    common(program.command(action))
      .alias(action.replace('-', ''))
      .description(action === 'enable-all' ? 'enable every registered hook (empties the disabled lists)' : 'disable every registered hook')
      .addHelpText('after', `${PANEL_EXIT}\n\nExample:\n  $ hookrun ${action}`)
      .action(async (opts: Record<string, unknown>) => {
        const { toggleAllCommand } = await import('./commands/panel.js');
        setExit(await toggleAllCommand(action, flags(opts), context(), io));
      });
  }
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
