// Every finding Gemini CLI's check of `validate` can report: its stable code, its severity, and what it means.
// Errors: Gemini CLI will not do what the file says (a hook dropped, a setting ignored, a script
// missing). Warnings: it will, but probably not what was meant. Info: worth knowing, never fails.
// Codes the settings loader also reports during `run` keep the loader's code; `validate` grades them here.
import type { CodeInfo } from '../../../pipeline/types.js';

export const FINDING_CODES = {
  'settings-unreadable': { severity: 'error', title: 'A settings file exists but cannot be read' },
  'settings-syntax-error': { severity: 'error', title: 'A settings file is not valid JSON (comments allowed, trailing commas not)' },
  'settings-not-object': { severity: 'error', title: 'A settings file does not hold a JSON object' },
  'system-file-insecure': { severity: 'warning', title: 'A system settings or system defaults file is not root-owned and locked down: Gemini CLI 0.60.0 and later skip it' },
  'schema-invalid': { severity: 'warning', title: "A value has the wrong type for Gemini CLI's settings schema" },
  'disabled-not-list': { severity: 'error', title: 'hooksConfig.disabled is neither a list nor a string: Gemini CLI fails at start-up' },
  'section-null': { severity: 'error', title: 'hooksConfig or security is null: Gemini CLI reads it when it starts and cannot start' },
  'trusted-folders-invalid': { severity: 'error', title: 'trustedFolders.json is broken, so Gemini CLI cannot decide folder trust' },
  'ignored-hooks-key': { severity: 'error', title: 'hooks.enabled / hooks.disabled / hooks.notifications are ignored (they belong in hooksConfig)' },
  'invalid-event-name': { severity: 'error', title: 'Unknown event name: its hooks never run' },
  'event-not-array': { severity: 'error', title: "An event's value is not an array of definitions" },
  'invalid-definition': { severity: 'error', title: 'A definition is not an object with a "hooks" array' },
  'invalid-hook-entry': { severity: 'error', title: 'A hook is not an object' },
  'invalid-hook-type': { severity: 'error', title: '"type" is not exactly "command": Gemini CLI drops the hook silently' },
  'missing-command': { severity: 'error', title: 'A command hook has no command' },
  'missing-name': { severity: 'error', title: 'A runtime hook has no name' },
  'runtime-hook-in-settings': { severity: 'error', title: 'A "runtime" hook in a settings file always fails: runtime hooks are functions registered by code' },
  'matcher-not-string': { severity: 'error', title: 'A matcher that is not a string makes the whole event fail' },
  'matcher-invalid-regex': { severity: 'warning', title: 'A tool matcher is not a valid regex, so it is compared as a plain string' },
  'matcher-hangs': { severity: 'error', title: 'A tool matcher backtracks without end: Gemini CLI would hang on it' },
  'matcher-regex-on-exact-event': { severity: 'error', title: 'A regex or alternation on an event that compares matchers as exact strings: it never fires' },
  'matcher-unknown-trigger': { severity: 'error', title: 'A lifecycle matcher names a value the agent never sends: it never fires' },
  'matcher-ignored': { severity: 'warning', title: 'A matcher on an event that ignores matchers: the hook fires every time' },
  'matcher-unknown-tool': { severity: 'warning', title: 'A tool matcher matches no Gemini CLI tool' },
  'matcher-unanchored': { severity: 'warning', title: 'A tool matcher is a fragment of other tool names (matchers are unanchored regexes)' },
  'timeout-invalid': { severity: 'error', title: 'timeout is not a positive number of milliseconds' },
  'timeout-in-seconds': { severity: 'warning', title: 'timeout looks like seconds; Gemini CLI reads milliseconds' },
  'timeout-missing': { severity: 'info', title: 'A slow-looking hook relies on the 60 s default timeout' },
  'sequential-not-boolean': { severity: 'error', title: '"sequential" is not a JSON boolean, so it is ignored' },
  'unknown-key': { severity: 'warning', title: "A key Gemini CLI does not read in a hook or definition (a typo, or another agent's key)" },
  'duplicate-hook': { severity: 'warning', title: 'A hook with the same name and command is dropped by de-duplication' },
  'disabled-no-match': { severity: 'warning', title: 'A hooksConfig.disabled entry matches no hook' },
  'disabled-by-command': { severity: 'error', title: 'hooksConfig.disabled names a hook by command while it has a name: it is not disabled' },
  'script-not-found': { severity: 'error', title: 'The script a command runs does not exist' },
  'script-not-executable': { severity: 'error', title: 'The script a command runs directly is not executable' },
  'script-crlf-shebang': { severity: 'error', title: 'The script a command runs has Windows line ends: its #! interpreter is not found' },
  'command-not-on-path': { severity: 'info', title: "The program a command runs is not on this machine's PATH" },
  'background-holds-output': { severity: 'warning', title: 'A command backgrounds a process without redirecting its output: the agent waits for it' },
  'braced-variable': { severity: 'info', title: '${GEMINI_PROJECT_DIR} is left to the shell, not expanded by Gemini CLI' },
  'secret-in-command': { severity: 'warning', title: 'A command names a secret variable: Gemini CLI expands it into the command at load and writes it into trusted_hooks.json' },
  'env-file-code-variable': { severity: 'warning', title: 'A project .env sets a variable that makes a shell or another program run code: Gemini CLI passes it to every hook' },
  'untrusted-project-hook': { severity: 'warning', title: 'A workspace hook is not yet in trusted_hooks.json: Gemini CLI warns on its first run' },
  'untrusted-folder': { severity: 'info', title: 'The folder is not trusted: no settings hook runs here' },
  'hooks-disabled': { severity: 'info', title: 'hooksConfig.enabled is false: no hook runs at all' },
  'extension-skipped': { severity: 'warning', title: 'An extension is not loaded' },
  'extension-hooks-unreadable': { severity: 'error', title: "An extension's hooks/hooks.json cannot be read or parsed" },
  'extension-hooks-invalid': { severity: 'error', title: 'An extension\'s hooks/hooks.json has no "hooks" object' },
  'extension-enablement-unreadable': { severity: 'warning', title: 'extension-enablement.json cannot be read' },
  'extension-inactive': { severity: 'info', title: 'An extension is disabled for this folder; its hooks are checked but not loaded' },
  'env-file-loaded': { severity: 'info', title: 'Gemini CLI loads a .env file at start-up; its hooks inherit the variables it sets' },
  'env-file-unreadable': { severity: 'warning', title: "Gemini CLI's search for a .env file stops at one it cannot read: nothing is loaded" },
  'env-cloud-shell-project': { severity: 'info', title: 'In Cloud Shell, Gemini CLI replaces GOOGLE_CLOUD_PROJECT at start-up' },
  'debug-before-json': { severity: 'warning', title: 'A guard prints text to stdout before its JSON answer: the output is then plain text, and a deny becomes an allow' },
  'ask-hangs-headless': { severity: 'warning', title: 'A BeforeTool hook answers "ask": a headless `gemini -p --yolo` run waits forever for the confirmation' },
  'precompress-every-request': { severity: 'warning', title: 'A PreCompress hook for trigger "auto" runs before every model request, not once per compression' },
  'prompt-response-repeats': { severity: 'info', title: 'An AfterAgent hook reads prompt_response, in which Gemini CLI repeats streamed text' },
  'skip-trust-workspace-hooks': { severity: 'info', title: 'Workspace hooks in an untrusted folder: `gemini --skip-trust` does not run them' },
} as const satisfies Record<string, CodeInfo>;

export type FindingCode = keyof typeof FINDING_CODES;

export function isFindingCode(code: string): code is FindingCode {
  return Object.hasOwn(FINDING_CODES, code);
}
