// The command-line edge: parse arguments, build the context, dispatch to a command, map errors to
// exit codes. Each command's module is imported only when that command runs.
import { Argument, Command, CommanderError, Option } from 'commander';
import { commandOf } from './argv.js';
import { type Context, contextFromProcess, unsetHomeNote } from '../pipeline/context.js';
import { HookrunError, errorText } from '../pipeline/errors.js';
import { type IO, processIO } from './io.js';
import { DEFAULT_BRIDGE_DIALECT, DIALECT_CHOICES, DIALECT_NAMES } from '../dialects/names.js';
import { addOptions, integer, optionValues } from './options.js';
import { type OptionValues, REQUEST_OPTIONS, settingsFrom } from '../pipeline/options.js';
import { REPORTERS, VALIDATE_FORMATS, type ReporterName, type ValidateFormat } from '../render/names.js';
import { startedCount } from '../exec/process.js';
import { enableColor } from '../render/color.js';
import { setInputLimit } from '../files/read-input.js';
import { envValueCheck, maskingIO, type Secret } from '../render/mask.js';
import { knownSecrets } from '../dialects/secrets.js';

export const VERSION = '0.1.0';

const EXIT_ERROR = 1;
/** `hookrun test`: nothing ran (commands/test.ts EXIT_NOT_RUN, kept here so the CLI edge need not import it). */
const EXIT_TEST_NOT_RUN = 2;

/** `--max-input`, else `HOOKRUN_MAX_INPUT`, else the default: the bound of every input read (read-input.ts). */
function applyInputLimit(flag: number | undefined, env: string | undefined): void {
  if (flag !== undefined) return setInputLimit(flag);
  if (env === undefined || env === '') return;
  if (!/^[0-9]+$/.test(env) || !Number.isSafeInteger(Number(env))) {
    throw new HookrunError('usage', `HOOKRUN_MAX_INPUT must be a whole number of bytes, got "${env}"`);
  }
  setInputLimit(Number(env));
}

/** What every command definition gets: the streams, and where to put its exit code. */
export interface CommandDeps {
  io: IO;
  setExit: (code: number) => void;
  /** The context for the global `-C, --cwd` option (read when the action runs); an unusable workspace exits with `errorExitCode`. */
  context: (errorExitCode?: number) => Context;
}

/** Each definition with the command names it defines. */
const DEFINITIONS: readonly [names: readonly string[], define: (program: Command, deps: CommandDeps) => void][] = [
  [['run'], defineRun],
  [['explain'], defineExplain],
  [['list', 'enable', 'disable', 'enable-all', 'disable-all', 'enableall', 'disableall'], definePanel],
  [['validate'], defineValidate],
  [['schema'], defineSchema],
  [['test'], defineTest],
  [['record'], defineRecord],
  [['migrate'], defineMigrate],
  [['trust'], defineTrust],
  [['serve'], defineServe],
  [['bridge'], defineBridge],
];

function buildProgram(io: IO, setExit: (code: number) => void, argv: readonly string[]): Command {
  const program = new Command('hookrun')
    .description(`Run AI coding agents' hooks outside the agent (--dialect: ${DIALECT_NAMES.join(', ')}).`)
    .version(VERSION)
    .option('-C, --cwd <dir>', 'workspace directory (default: the current directory)')
    .option('--max-input <bytes>', 'largest file or stream hookrun reads as input (default: $HOOKRUN_MAX_INPUT, else 64 MiB)', integer('--max-input'))
    .hook('preAction', (command: Command) => applyInputLimit(command.opts().maxInput as number | undefined, process.env.HOOKRUN_MAX_INPUT))
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    // Argument errors carry the same "hookrun: " prefix as every other message on stderr.
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: (text, write) => write(`hookrun: ${text}`) })
    // Each command's --help lists -C, --cwd too (it is a global option, defined once here).
    .configureHelp({ showGlobalOptions: true })
    .addHelpText(
      'after',
      `
Each command has --help with its options, exit codes and examples.

Examples:
  $ hookrun run BeforeTool --tool run_shell_command --tool-input '{"command":"rm -rf /"}'
  $ echo '{"prompt":"deploy"}' | hookrun run BeforeAgent -C ~/project
  $ hookrun explain BeforeTool --tool write_file
  $ hookrun validate --format github
  $ hookrun test --ci --reporter junit -o junit.xml
  $ hookrun run PreToolUse --dialect claude --tool Bash --tool-input '{"command":"ls"}'`,
    );
  const deps: CommandDeps = {
    io,
    setExit,
    context: (errorExitCode) => {
      const ctx = contextFromProcess(program.opts().cwd as string | undefined, errorExitCode);
      // Said, not silently done: which home the user-level files come from when HOME is unset.
      const note = unsetHomeNote(ctx);
      if (note) io.stderr(`hookrun: ${note}\n`);
      return ctx;
    },
  };
  // One definition per command; each imports its implementation only when it runs. A command line that
  // names a command gets that one alone (defining all of them is ~3 ms of every event); the top-level
  // help, --version and a mistyped command (commander suggests the nearest) get them all.
  const named = commandOf(argv);
  const wanted = DEFINITIONS.filter(([names]) => names.includes(named));
  for (const [, define] of wanted.length > 0 ? wanted : DEFINITIONS) define(program, deps);
  return program;
}

/** Where the dialect comes from without `--dialect` (dialects/index.ts chooseDialect), for the help. */
const DIALECT_RULE = 'default: $HOOKRUN_DIALECT, else the agent configured for the workspace, else in the home folder, else gemini';
const DIALECT_HELP = `agent whose rules to follow: ${DIALECT_NAMES.join(', ')} or auto (${DIALECT_RULE})`;

/** The event JSON flags that `run` and `explain` share, plus `--dialect` (the field flags are rows of the option table). */
function withEventOptions(command: Command): Command {
  return command
    .option('--event <json>', 'event JSON')
    .option('--event-file <path>', 'read the event JSON from a file (- = standard input)')
    .addOption(new Option('--dialect <name>', DIALECT_HELP).choices(DIALECT_CHOICES));
}

/** What withEventOptions and the table's field rows parsed, as the event reader takes it. */
function eventOptions(event: string | undefined, opts: Record<string, unknown>, values: OptionValues) {
  return {
    event,
    eventJson: opts.event as string | undefined,
    eventFile: opts.eventFile as string | undefined,
    tool: values.tool,
    toolInput: values.toolInput,
    toolResponse: values.toolResponse,
    prompt: values.prompt,
    source: values.source,
    reason: values.reason,
    trigger: values.trigger,
    dialect: opts.dialect as string | undefined,
  };
}

function defineRun(program: Command, { io, setExit, context }: CommandDeps): void {
  addOptions(withEventOptions(program.command('run')), 'run')
    .description('run the hooks that match one event; print the merged output; exit code = outcome')
    .argument('[event]', 'event name (e.g. BeforeTool); optional when the JSON has hook_event_name')
    .option('--json', 'print the full report (plan, every result, merged output) instead of the merged output')
    .addHelpText(
      'after',
      `
Exit codes: 0 proceed, 2 block, 3 ask, 4 stop, 1 hookrun error (130/143 when interrupted).

Examples:
  $ hookrun run BeforeTool --tool run_shell_command --tool-input '{"command":"rm -rf /"}'
  $ hookrun run --event-file event.json --json
  $ echo '{"source":"startup"}' | hookrun run SessionStart -C ~/project
  $ hookrun run BeforeTool --tool write_file --dry-run
  $ hookrun run BeforeTool --tool run_shell_command --fail-closed --clean-env --env-allow GITHUB_TOKEN
  $ hookrun run preToolUse --dialect kiro --agent dev --tool fs_write --tool-input '{"path":"a.txt"}'`,
    )
    .action(async (event: string | undefined, opts: Record<string, unknown>) => {
      const { runCommand } = await import('./commands/run.js');
      const ctx = context();
      const values = optionValues(opts, 'run');
      setExit(
        await runCommand(
          {
            ...eventOptions(event, opts, values),
            ...settingsFrom(values),
            dryRun: values.dryRun === true,
            json: opts.json === true,
            quiet: values.quiet === true,
          },
          ctx,
          io,
        ),
      );
    });
}

function defineValidate(program: Command, { io, setExit, context }: CommandDeps): void {
  const command = program
    .command('validate')
    .description(
      "check each configured agent's hook files statically (Gemini settings and extensions, Claude Code settings and plugins, ...); report findings with file:line:column",
    )
    .option('--claude-version <version>', 'Claude: the Claude Code version whose rules apply (classic, current, or e.g. 2.1.100)')
    .option('--gemini-version <version>', 'Gemini: the Gemini CLI release whose rules apply (latest, the default, or e.g. 0.59.0; env HOOKRUN_GEMINI_VERSION)')
    .addOption(new Option('--format <format>', 'output format').choices(VALIDATE_FORMATS).default('text'))
    .option('--json', 'same as --format json')
    .option('--strict', 'exit 1 on warnings too')
    .option('--trust-workspace', 'check the workspace as a trusted folder (as HOOKRUN_TRUST_WORKSPACE=true): no trust findings for a checkout CI is asked to check')
    .addOption(new Option('--dialect <name>', 'whose hook files to check (default: every agent configured here; auto: the one detected)').choices(DIALECT_CHOICES))
    .option('--ignore <codes>', 'leave out findings with these codes (comma-separated, repeatable)', (value: string, previous: string[] = []) => [
      ...previous,
      ...value
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
    ])
    .addHelpText(
      'after',
      `
Never runs a hook and never writes a file. Without --dialect it checks every agent whose
configuration exists in the workspace or the home directory (${DIALECT_NAMES.join(', ')}); with none,
it says so (warning nothing-checked). Gemini: system defaults, user, workspace and system settings
and every installed extension's hooks/hooks.json, whatever the folder trust. Claude: the user,
project, local and managed settings and the personal skills-directory plugins, with what Claude
Code skips silently as findings.

Exit codes: 0 no errors, 1 errors (or warnings with --strict, so a check that found no file fails),
2 a file or the -C directory could not be read, or bad arguments.

Examples:
  $ hookrun validate
  $ hookrun validate -C ~/project --strict
  $ hookrun validate --format github --ignore untrusted-project-hook,untrusted-folder
  $ hookrun validate --format sarif > hookrun.sarif
  $ hookrun validate --dialect antigravity --strict
  $ hookrun validate --dialect copilot
  $ hookrun validate --dialect claude --claude-version current --strict
  $ hookrun validate --json | jq '.findings[] | select(.severity == "error")'`,
    )
    .action(async (opts: Record<string, unknown>) => {
      const { validateCommand } = await import('./commands/validate.js');
      const ctx = context(2);
      const format = opts.json === true ? 'json' : (opts.format as ValidateFormat);
      const relativeTo = (format === 'github' && ctx.env.GITHUB_WORKSPACE) || process.cwd();
      setExit(
        await validateCommand(
          {
            format,
            strict: opts.strict === true,
            trustWorkspace: opts.trustWorkspace === true,
            ignore: (opts.ignore as string[] | undefined) ?? [],
            relativeTo,
            version: VERSION,
            dialect: opts.dialect as string | undefined,
            ...(typeof opts.claudeVersion === 'string' ? { claudeVersion: opts.claudeVersion } : {}),
            ...(typeof opts.geminiVersion === 'string' ? { geminiVersion: opts.geminiVersion } : {}),
          },
          ctx,
          io,
        ),
      );
    });
  // Exit 1 means "errors found" here, so a usage error must not look like one.
  command.exitOverride((error) => {
    throw error.exitCode === 0 ? error : new CommanderError(2, error.code, error.message);
  });
}

function defineSchema(program: Command, { io, setExit }: CommandDeps): void {
  program
    .command('schema')
    .description("print a JSON Schema generated from hookrun's zod schemas")
    .addArgument(
      new Argument('[which]', 'settings: hooks/hooksConfig of Gemini settings; report: the run --json report; fixture: hookrun test files; verdict: the dialect-neutral answer')
        .choices(['settings', 'report', 'fixture', 'verdict'])
        .default('settings'),
    )
    .addHelpText(
      'after',
      `
The same schemas are committed under schema/ in the package (settings.schema.json, report.schema.json,
fixture.schema.json, verdict.schema.json).

Examples:
  $ hookrun schema settings > settings.schema.json
  $ hookrun schema report
  $ hookrun schema fixture > fixture.schema.json
  $ hookrun schema verdict`,
    )
    .option('--json', 'accepted for symmetry with the other commands: the output is JSON already')
    .action(async (which: 'settings' | 'report' | 'fixture' | 'verdict') => {
      const { schemaCommand } = await import('./commands/schema.js');
      setExit(await schemaCommand(which, io));
    });
}

function defineTest(program: Command, { io, setExit, context }: CommandDeps): void {
  const command = addOptions(program.command('test'), 'test')
    .description('replay fixture cases against the resolved config and assert the outcomes')
    .argument('[fixtures...]', 'fixture files or folders (default: **/*.hooktest.{yaml,yml,json} under the workspace)')
    .addOption(new Option('--reporter <name>', 'report format (default: text, or the project configuration)').choices(REPORTERS))
    .addOption(new Option('--format <name>', 'same as --reporter').choices(REPORTERS).hideHelp())
    .option('--json', 'same as --reporter json')
    .option('-o, --output <file>', 'write the report to a file (the text report still goes to stdout); with --from-captures, the fixture')
    .addOption(new Option('--dialect <name>', `the dialect of fixtures and cases that name none (${DIALECT_RULE}, from each case's workspace)`).choices(DIALECT_NAMES))
    .option('--junit <file>', 'also write a JUnit report to this file, whatever --reporter is (e.g. --reporter github --junit junit.xml)')
    .option('--dry-run', 'check only fired/notFired; run no hook')
    .option('-y, --yes', 'run the hook commands without asking')
    .option('--ci', 'non-interactive run for CI (same as --yes)')
    .option('--trust-workspace', 'cases that set no `trust` run as in a trusted folder (as HOOKRUN_TRUST_WORKSPACE=true)')
    .option('--pass-with-no-fixtures', 'no fixture found is a pass (exit 0, said on stderr), not exit 2: for a CI step shared by repositories with and without fixtures')
    .option('--from-captures [dir]', 'print a fixture skeleton from captured events (default dir: .hookrun/captures)')
    .option('--no-contain', 'leave what a hook starts in the background running after it is done, as the agent does (default: end it, so a run leaves nothing behind)')
    .addHelpText(
      'after',
      `
Runs real hook commands: on a terminal it lists them and asks first; without a terminal it refuses
unless --yes or --ci is given (exit 2).

Exit codes: 0 all cases passed, 1 a case failed, 2 nothing ran (bad fixture with file:line, no
fixture found, bad arguments, a -C directory that does not exist, or not confirmed).

Examples:
  $ hookrun test                                   # every **/*.hooktest.yaml under the workspace
  $ hookrun test hooks.hooktest.yaml examples/
  $ hookrun test --dry-run                         # which hooks fire; runs nothing
  $ hookrun test --ci --reporter junit -o junit.xml
  $ hookrun test --ci --reporter github --junit junit.xml
  $ hookrun test --from-captures -o recorded.hooktest.yaml`,
    )
    .action(async (paths: string[], opts: Record<string, unknown>) => {
      // Exit 1 means "a case failed" here; a missing -C directory means nothing ran (2).
      const ctx = context(EXIT_TEST_NOT_RUN);
      if (opts.fromCaptures !== undefined) {
        if (paths.length > 0) {
          throw new HookrunError('usage', '--from-captures reads captures, not fixtures: give its folder as --from-captures <dir>', undefined, EXIT_TEST_NOT_RUN);
        }
        const { fromCapturesCommand } = await import('./commands/captures.js');
        setExit(await fromCapturesCommand({ dir: typeof opts.fromCaptures === 'string' ? opts.fromCaptures : undefined, output: opts.output as string | undefined }, ctx, io));
        return;
      }
      const { testCommand } = await import('./commands/test.js');
      setExit(
        await testCommand(
          {
            paths,
            reporter: (opts.reporter ?? opts.format ?? (opts.json === true ? 'json' : undefined)) as ReporterName | undefined,
            output: opts.output as string | undefined,
            junit: opts.junit as string | undefined,
            dialect: opts.dialect as string | undefined,
            dryRun: opts.dryRun === true,
            yes: opts.yes === true || opts.ci === true,
            ...settingsFrom(optionValues(opts, 'test')),
            trustWorkspace: opts.trustWorkspace === true,
            passWithNoFixtures: opts.passWithNoFixtures === true,
            contain: opts.contain !== false,
          },
          ctx,
          io,
        ),
      );
    });
  // Bad arguments run nothing, so they must not look like a failed case (1).
  command.exitOverride((error) => {
    throw error.exitCode === 0 ? error : new CommanderError(EXIT_TEST_NOT_RUN, error.code, error.message);
  });
}

function defineRecord(program: Command, { io, setExit, context }: CommandDeps): void {
  program
    .command('record')
    .description('capture the event payloads the agent sends (installs a capture hook in .gemini/settings.json)')
    .option('--events <names...>', 'events to capture, comma- or space-separated (default: all)')
    .option('--stop', 'remove the capture hook and restore the settings file')
    .option('--json', 'print what was done as JSON')
    .addHelpText(
      'after',
      `
The capture hook prints nothing, so it never changes what the agent decides. --stop restores the
settings file byte for byte; if you edited it meanwhile, only hookrun's entries are removed, and if
the file no longer parses nothing is written (exit 1, try again after fixing it).

Examples:
  $ hookrun record                          # every event
  $ hookrun record --events BeforeTool,AfterTool
  $ hookrun record --stop
  $ hookrun test --from-captures -o recorded.hooktest.yaml`,
    )
    .action(async (opts: Record<string, unknown>) => {
      const { recordCommand } = await import('./commands/record.js');
      setExit(await recordCommand({ events: opts.events as string[] | undefined, stop: opts.stop === true, json: opts.json === true }, context(), io));
    });
}

function defineMigrate(program: Command, { io, setExit, context }: CommandDeps): void {
  program
    .command('migrate')
    .description("convert one agent's hooks into another's (default Gemini CLI settings), with a report of what cannot be carried over")
    .addOption(new Option('--from <agent>', 'the agent whose hooks to convert').choices(DIALECT_NAMES).makeOptionMandatory())
    .addOption(new Option('--to <agent>', 'the agent to convert them for (default: gemini)').choices(DIALECT_NAMES))
    .option('--write', "merge the result into the target agent's workspace file (comments and layout kept; existing hooks kept)")
    .option('--json', 'print the result and the report as one JSON object')
    .option('-q, --quiet', 'no report on stderr')
    .option('--agent <name>', 'with --from kiro: the agent whose hooks to convert')
    .option('--claude-version <version>', 'with --from claude: the Claude Code behaviour the hooks were written for (classic, current, or e.g. 2.1.3)')
    .addHelpText(
      'after',
      `
Reads the source agent's workspace files (e.g. .claude/settings.json and settings.local.json; for kiro
the selected agent's embedded hooks and .kiro/hooks/*.json) and writes one file of the target's:
.gemini/settings.json, .agents/hooks.json, .claude/settings.json, .codex/hooks.json, .cursor/hooks.json,
.github/hooks/migrated-from-<agent>.json (copilot, vscode), .kiro/hooks/migrated-from-<agent>.json,
.factory/hooks.json, .augment/settings.json, .qwen/settings.json.
Without --write: that file's new content on stdout, the report on stderr.
Exit codes: 0 converted (the report lists what was not carried over), 1 error.

Examples:
  $ hookrun migrate --from claude
  $ hookrun migrate --from gemini --to antigravity
  $ hookrun migrate --from claude --to codex --write
  $ hookrun migrate --from kiro --agent reviewer --to kiro --json`,
    )
    .action(async (opts: Record<string, unknown>) => {
      const { migrateCommand } = await import('./commands/migrate.js');
      setExit(
        await migrateCommand(
          {
            from: opts.from as string,
            to: opts.to as string | undefined,
            write: opts.write === true,
            json: opts.json === true,
            quiet: opts.quiet === true,
            agent: opts.agent as string | undefined,
            claudeVersion: opts.claudeVersion as string | undefined,
          },
          context(),
          io,
        ),
      );
    });
}

function defineExplain(program: Command, { io, setExit, context }: CommandDeps): void {
  addOptions(withEventOptions(program.command('explain')), 'explain')
    .description('for every configured hook of an event: fires or not, and why; runs nothing')
    .argument('[event]', 'event name (e.g. BeforeTool); optional when the JSON has hook_event_name')
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
      const values = optionValues(opts, 'explain');
      setExit(
        await explainCommand(
          {
            ...eventOptions(event, opts, values),
            trustWorkspace: values.trustWorkspace === true,
            agent: values.agent,
            claudeVersion: values.claudeVersion,
            geminiVersion: values.geminiVersion,
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
place (comments and formatting kept), written atomically, under a lock file; a list emptied is removed.
Other agents have no such list: with --dialect naming one (or, without --dialect, when another agent's
files are what is configured here) it refuses and says what that agent offers instead.

Exit codes: 0 done or already in that state, 1 error (hook system not enabled, unreadable settings,
write failed, an agent without a per-hook switch).`;

/** The hook panel: Gemini CLI's `/hooks` list, enable, disable, enable-all, disable-all. */
function definePanel(program: Command, { io, setExit, context }: CommandDeps): void {
  const common = (command: Command) =>
    command
      .option('--json', 'print the result as JSON')
      .addOption(
        new Option(
          '--dialect <name>',
          'the agent whose hooks to show (default: the one configured here); the switches edit Gemini CLI settings and refuse any other agent',
        ).choices(DIALECT_CHOICES),
      );
  const flags = (opts: Record<string, unknown>) => ({
    json: opts.json === true,
    trustWorkspace: opts.trustWorkspace === true,
    all: opts.all === true,
    dialect: opts.dialect as string | undefined,
    agent: opts.agent as string | undefined,
    claudeVersion: opts.claudeVersion as string | undefined,
    geminiVersion: opts.geminiVersion as string | undefined,
  });

  addOptions(common(program.command('list')), 'list')
    .description('every registered hook per event: source, name, matcher, enabled, trusted')
    .option('--all', 'also list configured hooks that are not registered (hooks disabled, untrusted folder, inactive extension)')
    .addHelpText(
      'after',
      '\nExit codes: 0 listed, 1 unreadable settings.\n\nExamples:\n  $ hookrun list\n  $ hookrun list --all --json\n  $ hookrun list --dialect claude\n  $ hookrun list --dialect kiro --agent dev',
    )
    .action(async (opts: Record<string, unknown>) => {
      const { listCommand } = await import('./commands/panel.js');
      setExit(await listCommand(flags(opts), context(), io));
    });

  for (const action of ['enable', 'disable'] as const) {
    addOptions(common(program.command(action)), 'toggle')
      .description(`${action} every hook with this name (its "name", else its command), in all events`)
      .argument('<name>', 'hook name as `hookrun list` shows it')
      .addHelpText('after', `${PANEL_EXIT}\n\nExamples:\n  $ hookrun ${action} format-on-save\n  $ hookrun ${action} './hooks/check.sh' -C ~/project`)
      .action(async (name: string, opts: Record<string, unknown>) => {
        const { toggleCommand } = await import('./commands/panel.js');
        setExit(await toggleCommand(action, name, flags(opts), context(), io));
      });
  }

  for (const action of ['enable-all', 'disable-all'] as const) {
    addOptions(common(program.command(action)), 'toggle')
      .alias(action.replace('-', ''))
      .description(action === 'enable-all' ? 'enable every registered hook (empties the disabled lists)' : 'disable every registered hook')
      .addHelpText('after', `${PANEL_EXIT}\n\nExample:\n  $ hookrun ${action}`)
      .action(async (opts: Record<string, unknown>) => {
        const { toggleAllCommand } = await import('./commands/panel.js');
        setExit(await toggleAllCommand(action, flags(opts), context(), io));
      });
  }
}

function defineTrust(program: Command, { io, setExit, context }: CommandDeps): void {
  program
    .command('trust')
    .description("show and manage trusted folders and project-hook fingerprints (Gemini CLI's records, which hookrun also reads for other agents)")
    .option('--folder [path]', 'trust a folder (default: the workspace) in trustedFolders.json')
    .addOption(new Option('--level <level>', 'trust level written by --folder').choices(['TRUST_FOLDER', 'TRUST_PARENT', 'DO_NOT_TRUST']).default('TRUST_FOLDER'))
    .option('--hooks', "show the workspace's project hooks, then record them as trusted in trusted_hooks.json")
    .option('--revoke', 'remove instead: the folder rule (--folder), the fingerprints (--hooks), or both')
    .option('--dry-run', 'show what would be written; write nothing')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      `
Without --folder, --hooks or --revoke it lists: this folder's trust decision, the rules in
trustedFolders.json, and every project hook with its fingerprint status (trusted, new, changed).
Writes are atomic and locked; a file that does not parse is never overwritten. The folder rules
decide project hooks for Gemini CLI and for agents whose own trust record hookrun cannot read;
the listing ends with which agents each record covers (from the dialect registry).
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

function defineBridge(program: Command, { io, setExit, context }: CommandDeps): void {
  program
    .command('bridge')
    .description('give an agent with plugins and no shell hooks (opencode, pi, kilo) the hooks of a dialect: write a plugin that forwards its events to hookrun serve')
    .argument('<host>', 'the host agent: opencode, pi or kilo')
    .addOption(
      new Option('--dialect <name>', `whose hook files and rules the plugin follows (default: ${DEFAULT_BRIDGE_DIALECT}: Claude Code's .claude/settings*.json)`)
        .choices(DIALECT_NAMES)
        .default(DEFAULT_BRIDGE_DIALECT),
    )
    .option('--user', "write into the user's plugin folder (every project) instead of the project's")
    .option('--fail-closed', 'the plugin blocks a tool call or prompt when hookrun cannot answer or a guard did not run')
    .option('--remove', 'remove the plugin and the folders the bridge created for it')
    .option('--force', 'with --remove: remove the plugin even if it was edited since it was written')
    .option('--dry-run', 'say what would be written or removed; change nothing')
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      `
The plugin is one file (no dependencies) in the host's plugin folder; the bridge never edits a file of
yours, so --remove leaves the folder as it was. docs/bridge.md has each host's events and tools, and what
cannot be carried. Exit codes: 0 done, 1 error (bad arguments, a file in the way or edited since).

Examples:
  $ hookrun bridge opencode                 # .opencode/plugins/hookrun-bridge.js, Claude Code's hooks
  $ hookrun bridge pi --user --fail-closed  # every Pi session of this user, blocking when hookrun cannot answer
  $ hookrun bridge kilo --dialect gemini    # .gemini/settings.json's hooks instead
  $ hookrun bridge opencode --remove`,
    )
    .action(async (host: string, opts: Record<string, unknown>) => {
      const { bridgeCommand } = await import('./commands/bridge.js');
      const flag = (name: string) => opts[name] === true;
      setExit(
        await bridgeCommand(
          {
            host,
            dialect: opts.dialect as string,
            user: flag('user'),
            remove: flag('remove'),
            force: flag('force'),
            failClosed: flag('failClosed'),
            dryRun: flag('dryRun'),
            json: flag('json'),
          },
          context(),
          io,
        ),
      );
    });
}

function defineServe(program: Command, { io, setExit, context }: CommandDeps): void {
  addOptions(program.command('serve'), 'serve')
    .description('one process for a whole agent session: JSON-RPC 2.0 on stdin/stdout, one message per line (methods run, plan, shutdown)')
    .addOption(new Option('--dialect <name>', `default dialect of every request (${DIALECT_RULE})`).choices(DIALECT_CHOICES))
    .addHelpText(
      'after',
      `
Each request is one line, each answer one line, in the order they finish:
  {"jsonrpc":"2.0","id":1,"method":"run","params":{"event":"BeforeTool","input":{"tool_name":"run_shell_command","tool_input":{"command":"ls"}}}}
  {"jsonrpc":"2.0","id":1,"result":{"exitCode":0,"outcome":"proceed","output":{}}}
params: event, input (the event JSON), cwd, dialect, options (run's flags in camelCase: ${[...REQUEST_OPTIONS.keys()].join(', ')}).
The options above are the session's defaults.

Exit codes: 0 end of input or shutdown (every event answered), 1 bad arguments, 130/143 interrupted
(every running hook stopped), 129 hung up or the parent process is gone.

Examples:
  $ coproc HOOKRUN { hookrun serve -C ~/project; }
  $ hookrun serve --dialect claude --fail-closed --verbose`,
    )
    .action(async (opts: Record<string, unknown>) => {
      const { serveCommand } = await import('../serve/serve.js');
      const ctx = context();
      const values = optionValues(opts, 'serve');
      setExit(
        await serveCommand(
          {
            dialect: opts.dialect as string | undefined,
            cwd: ctx.cwd,
            env: ctx.env,
            ...settingsFrom(values),
            verbose: values.verbose === true,
          },
          io,
          { input: process.stdin, process },
        ),
      );
    });
}

/**
 * What kind of run `main` made, for the code cache (src/boot/): the command, and whether it started
 * hooks. A run that started none never compiled the runner's code, so a cache written by it alone
 * would make every later run with hooks compile that code again.
 */
export function runKind(argv: readonly string[]): string {
  return startedCount() > 0 ? `${commandOf(argv)}+hooks` : commandOf(argv);
}

/** Exit 1 with a message on stderr (if stderr takes it) when stdout could not be written: the answer was lost. */
function stdoutFailed(io: IO): number | undefined {
  const failure = io.stdoutFailure?.();
  if (!failure) return undefined;
  io.stderr(`hookrun: error: cannot write to standard output (${failure.code ?? failure.message}): the result was not delivered\n`);
  return EXIT_ERROR;
}

/** The secrets of hookrun's environment (the default dialect's redaction rules decide which): never printed. */
function processSecrets(): readonly Secret[] {
  return knownSecrets({ cwd: '/', env: process.env, platform: process.platform, now: () => new Date() });
}

/** Runs hookrun with `argv` (without node and script); returns the exit code. Never exits the process. */
export async function main(argv: readonly string[], rawIO: IO = processIO()): Promise<number> {
  // Nothing hookrun prints shows a secret it knows about (docs/safety.md): every write is masked.
  // Only a write holding some environment value can hold a secret: the rules (and the settings files they
  // read) are evaluated for the first such write, not on every run.
  const io = maskingIO(rawIO, processSecrets, envValueCheck(process.env, 6));
  let exitCode = 0;
  const program = buildProgram(
    io,
    (code) => {
      exitCode = code;
    },
    argv,
  );
  try {
    if (io.colorStdout || io.colorStderr) await enableColor();
    await program.parseAsync(argv, { from: 'user' });
    await io.drainStdout?.();
    return stdoutFailed(io) ?? exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; usage errors were already printed by commander.
      return error.exitCode === 0 ? 0 : error.exitCode || EXIT_ERROR;
    }
    if (error instanceof HookrunError) {
      io.stderr(`hookrun: error: ${errorText(error)}\n`);
      return error.exitCode ?? EXIT_ERROR;
    }
    // The stack names lines of dist/'s packs; their source maps turn them into src/ lines (read only now).
    const { mappedStackOf } = await import('../boot/stack-map.js');
    io.stderr(`hookrun: internal error: ${mappedStackOf(error)}\n`);
    return EXIT_ERROR;
  }
}
