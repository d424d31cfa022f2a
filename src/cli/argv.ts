// What command a command line runs, read before commander parses it: the boot loader labels its code
// cache with it, and the CLI defines only that command.

/** The command a command line runs (its first operand, past the global -C/--cwd), or '' when none. */
export function commandOf(argv: readonly string[]): string {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-C' || arg === '--cwd') i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return '';
}
