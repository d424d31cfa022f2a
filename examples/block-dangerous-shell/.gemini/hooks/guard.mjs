#!/usr/bin/env node
// BeforeTool hook for run_shell_command: deny a few well-known destructive shell commands.
// stdin: the hook event JSON. stdout: {"decision":"deny","reason":...} when blocked, nothing otherwise.
// This is pattern matching, not a sandbox: `eval`, base64 or `sh -c "..."` indirection gets through.

const PROTECTED_BRANCHES = new Set(['main', 'master', 'production']);
const SYSTEM_DIRS = new Set(['/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/opt', '/proc', '/root', '/sbin', '/sys', '/usr', '/var', '/Users', '/System', '/Library']);

async function readStdin() {
  if (process.stdin.isTTY) return '';
  let data = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) data += chunk;
  return data;
}

function emit(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

const basename = (word) => word.split('/').pop() ?? word;

// Crude shell word split: whitespace, then one layer of matching quotes. Good enough for the
// patterns below; a real parser would also handle escapes and nested quoting.
function commandWords(segment) {
  let words = segment
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/^(['"])(.*)\1$/, '$2'));
  // Skip `FOO=bar` prefixes and wrappers so `sudo rm -rf /` is seen as `rm -rf /`.
  while (words.length > 0 && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]) || ['sudo', 'command', 'exec', 'nohup', 'time', 'env', 'doas'].includes(words[0]))) {
    words = words.slice(1);
  }
  return words;
}

// `/`, `/*`, `~`, `$HOME`, `/etc/` ...: paths whose recursive removal wrecks the machine.
function isCriticalPath(target) {
  const t = target.replace(/(\/\*|\/)+$/, '') || '/';
  return t === '/' || t === '~' || t === '$HOME' || t === '${HOME}' || SYSTEM_DIRS.has(t);
}

function checkRm(words) {
  if (basename(words[0] ?? '') !== 'rm') return null;
  const args = words.slice(1);
  const flags = args.filter((a) => a.startsWith('-'));
  if (flags.includes('--no-preserve-root')) return '`rm --no-preserve-root` removes the root directory';
  const recursive = flags.some((f) => f === '--recursive' || /^-[a-zA-Z]*[rR]/.test(f));
  const target = args.find((a) => !a.startsWith('-') && isCriticalPath(a));
  if (recursive && target) return `\`rm ${flags.join(' ')} ${target}\` would recursively delete ${target === '/' ? 'the whole filesystem' : target}`;
  return null;
}

function checkChmodChown(words) {
  const cmd = basename(words[0] ?? '');
  if (cmd !== 'chmod' && cmd !== 'chown') return null;
  const args = words.slice(1);
  const recursive = args.some((a) => a === '-R' || a === '--recursive' || /^-[a-zA-Z]*R/.test(a));
  const target = args.find((a) => !a.startsWith('-') && isCriticalPath(a));
  if (recursive && target) return `\`${cmd} -R ... ${target}\` would change permissions of system files`;
  return null;
}

function checkGitPush(words) {
  if (basename(words[0] ?? '') !== 'git') return null;
  let i = 1;
  // Global options before the subcommand; -C and -c take a value.
  while (i < words.length && words[i].startsWith('-')) i += words[i] === '-C' || words[i] === '-c' ? 2 : 1;
  if (words[i] !== 'push') return null;
  const args = words.slice(i + 1);
  const forceFlag = args.some((a) => a === '--force' || a.startsWith('--force-with-lease') || /^-[a-zA-Z]*f[a-zA-Z]*$/.test(a));
  const deleting = args.includes('--delete') || args.includes('-d');
  const positional = args.filter((a) => !a.startsWith('-'));
  const refspecs = positional.slice(1); // the first positional is the remote
  const destination = (ref) => (ref.replace(/^\+/, '').split(':').pop() ?? '').replace(/^refs\/heads\//, '');
  const isProtected = (ref) => PROTECTED_BRANCHES.has(destination(ref)) || destination(ref).startsWith('release/');

  const forcedProtected = refspecs.find((r) => isProtected(r) && (forceFlag || r.startsWith('+')));
  if (forcedProtected) return `force-pushing to the protected branch \`${destination(forcedProtected)}\` rewrites shared history`;
  const deletedProtected = refspecs.find((r) => isProtected(r) && (deleting || r.startsWith(':')));
  if (deletedProtected) return `pushing a deletion of the protected branch \`${destination(deletedProtected)}\``;
  if (forceFlag && refspecs.length === 0) return 'a force push without an explicit branch may rewrite a protected branch (name a feature branch explicitly)';
  return null;
}

function checkDisk(words) {
  const cmd = basename(words[0] ?? '');
  if (/^mkfs(\..*)?$/.test(cmd)) return `\`${cmd}\` formats a filesystem`;
  if (cmd === 'dd' && words.some((a) => /^of=\/dev\//.test(a))) return '`dd of=/dev/...` overwrites a raw device';
  return null;
}

// Patterns that need the whole command line (they span pipes).
const WHOLE_LINE_RULES = [
  [/\b(curl|wget)\b[^;&|]*\|\s*(sudo\s+)?(env\s+)?(ba|z|da|k|fi)?sh\b/, 'piping a downloaded script straight into a shell (`curl ... | sh`) runs unreviewed code'],
  [/\b(ba|z)?sh\s+(-s\s+)?<\(\s*(curl|wget)\b/, 'running a downloaded script via process substitution (`bash <(curl ...)`) runs unreviewed code'],
  [/:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/, 'this is a fork bomb'],
];
const SEGMENT_RULES = [checkRm, checkChmodChown, checkGitPush, checkDisk];

function findProblem(command) {
  for (const [pattern, why] of WHOLE_LINE_RULES) if (pattern.test(command)) return why;
  for (const segment of command.split(/&&|\|\||[;|&\n]/)) {
    const words = commandWords(segment);
    if (words.length === 0) continue;
    for (const rule of SEGMENT_RULES) {
      const why = rule(words);
      if (why) return why;
    }
  }
  return null;
}

const raw = await readStdin();
let input;
try {
  input = JSON.parse(raw);
} catch {
  emit({ systemMessage: 'block-dangerous-shell: hook input was not valid JSON; command not checked' });
  process.exit(0);
}
const command = input?.tool_input?.command;
if (typeof command !== 'string' || command.trim() === '') process.exit(0); // nothing to judge

const problem = findProblem(command);
if (problem) {
  const shown = command.length > 80 ? command.slice(0, 77) + '...' : command;
  emit({
    decision: 'deny',
    reason: `Blocked by the block-dangerous-shell hook: ${problem}. Do not retry it; if it is really needed, ask the user to run it themselves.`,
    systemMessage: `block-dangerous-shell: blocked \`${shown}\``,
  });
}
