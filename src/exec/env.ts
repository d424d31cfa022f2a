// hookrun's own narrowing of the environment a hook inherits (`--clean-env`, `--env-allow`), the same in
// every dialect: each dialect says what its agent would pass (its redaction rules, what it loads at
// start-up), and this decides what of that, or of hookrun's own environment, the hook gets.
import type { EnvPolicy } from '../pipeline/types.js';

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * What `--clean-env` keeps of hookrun's environment: what a process needs to start and behave (find
 * programs, a home, a locale, a temp dir, a terminal type; on Windows the system variables without which
 * processes fail to start). None of it is a secret. Everything else must be named with `--env-allow`.
 * PATH matters beyond convenience: bash started without one falls back to a built-in PATH that ends in
 * `.`, which would let the (untrusted) workspace shadow any command.
 */
export const CLEAN_ENV_BASICS: ReadonlySet<string> = new Set([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'TMPDIR',
  'TERM',
  'SYSTEMROOT',
  'SYSTEMDRIVE',
  'WINDIR',
  'COMSPEC',
  'PATHEXT',
  'TEMP',
  'TMP',
  'USERPROFILE',
]);

/**
 * Variables that make some other program run code, or read its code or configuration from somewhere else,
 * by class. A project `.env` is repository content: what it sets of these would let a repository run code
 * inside the user's own hooks (a hook's `git status` reading GIT_DIR's config, its `less` running
 * LESSOPEN, its `npm` reading npm_config_* …), so hookrun withholds them (docs/safety.md, "Code-running
 * variables"). A denylist, not an allowlist: the rest of such a file is the project's own settings, which
 * hooks are written to read, and Gemini CLI passes it all. Names compare upper-cased (npm also reads
 * `npm_config_*`, curl `https_proxy`); each class lists whole names, prefixes and suffixes.
 */
export const CODE_VARIABLE_CLASSES: readonly CodeVariableClass[] = [
  {
    what: "a shell's start-up files, prompt and trace hooks, word splitting and command search",
    names: [
      'BASH_ENV',
      'ENV',
      'PROMPT_COMMAND',
      'PS0',
      'PS1',
      'PS2',
      'PS3',
      'PS4',
      'SHELLOPTS',
      'BASHOPTS',
      'BASH_XTRACEFD',
      'BASH_LOADABLES_PATH',
      'ZDOTDIR',
      'IFS',
      'CDPATH',
      'GLOBIGNORE',
      'EXECIGNORE',
      'FPATH',
      'INPUTRC',
      'PATH',
      'SHELL',
    ],
    prefixes: ['BASH_FUNC_'],
  },
  {
    what: 'the dynamic loader and the C library (preloaded libraries, character-set modules, host aliases)',
    names: ['GCONV_PATH', 'GLIBC_TUNABLES', 'HOSTALIASES', 'LOCPATH', 'NLSPATH', 'RESOLV_HOST_CONF', 'MALLOC_CONF', 'OPENSSL_CONF', 'OPENSSL_ENGINES', 'OPENSSL_MODULES'],
    prefixes: ['LD_', 'DYLD_'],
  },
  {
    what: "an interpreter's or compiler's options, module path or toolchain",
    names: [
      'NODE_OPTIONS',
      'NODE_PATH',
      'NODE_REPL_EXTERNAL_MODULE',
      'ELECTRON_RUN_AS_NODE',
      'CLASSPATH',
      'PHPRC',
      'PHP_INI_SCAN_DIR',
      'TCLLIBPATH',
      'R_PROFILE',
      'R_PROFILE_USER',
      'R_ENVIRON',
      'R_ENVIRON_USER',
      'R_LIBS',
      'R_LIBS_USER',
      'EMACSLOADPATH',
      'VIMINIT',
      'EXINIT',
      'MYVIMRC',
      'GOROOT',
      'GOPATH',
      'GOENV',
      'GOTOOLCHAIN',
      'GOPROXY',
      'GOBIN',
      'GOFLAGS',
      'RUSTC',
      'RUSTC_WRAPPER',
      'RUSTFLAGS',
      'RUSTDOCFLAGS',
      'MAKEFILES',
      'MAKEFLAGS',
      'MFLAGS',
      'DENO_DIR',
    ],
    prefixes: ['PYTHON', 'PERL', 'RUBY', 'LUA_', 'DOTNET_', 'CORECLR_', 'COMPLUS_', 'CARGO_', 'RUSTUP_'],
    // Options handed to a program's command line, where an interpreter takes code (-e, --require, -javaagent)
    // and a compiler a plugin (-fplugin, -Wl,-plugin).
    suffixes: ['_OPTIONS', '_OPTS', 'OPT', 'CFLAGS', 'CXXFLAGS', 'CPPFLAGS', 'LDFLAGS'],
  },
  {
    what: 'git (repository, configuration, hooks and helper programs): every GIT_* but the commit identity',
    names: ['HGRCPATH', 'HGMERGE', 'RSYNC_CONNECT_PROG'],
    prefixes: ['GIT_'],
    except: ['GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_AUTHOR_DATE', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL', 'GIT_COMMITTER_DATE'],
  },
  {
    what: 'a program that other programs start: pager, editor, browser, password prompt, remote shell',
    names: ['LESSOPEN', 'LESSCLOSE', 'TERMINAL'],
    suffixes: ['PAGER', 'EDITOR', 'VISUAL', 'BROWSER', 'ASKPASS', '_SSH', '_RSH', '_COMMAND', '_CMD'],
  },
  {
    what: 'where programs find their configuration or installation (a home, an XDG directory, a config file)',
    names: ['KUBECONFIG', 'APPDATA', 'LOCALAPPDATA', 'USERPROFILE', 'WGETRC', 'NETRC', 'SCREENRC'],
    prefixes: ['XDG_'],
    suffixes: ['HOME', 'CONFIG', '_CONFIG_DIR', '_CONFIG_FILE', '_CONFIG_PATH', '_CREDENTIALS_FILE'],
  },
  {
    what: "a package manager's configuration (registry, scripts, install location)",
    prefixes: ['NPM_CONFIG_', 'YARN_', 'PNPM_', 'COREPACK_', 'BUN_CONFIG_', 'PIP_', 'PIPX_', 'UV_', 'POETRY_', 'CONDA', 'GEM_', 'BUNDLE_', 'COMPOSER', 'NUGET_', 'HOMEBREW_'],
  },
  {
    what: "where a hook's requests go and which certificates it trusts (they carry your tokens)",
    names: ['SSL_CERT_FILE', 'SSL_CERT_DIR', 'NODE_EXTRA_CA_CERTS', 'NODE_TLS_REJECT_UNAUTHORIZED', 'CURL_CA_BUNDLE', 'REQUESTS_CA_BUNDLE', 'DOCKER_HOST'],
    suffixes: ['_PROXY'],
  },
];

export interface CodeVariableClass {
  /** What the variables of the class steer, as the warning and docs say it. */
  what: string;
  names?: readonly string[];
  prefixes?: readonly string[];
  suffixes?: readonly string[];
  /** Names of a prefix or suffix that do not belong (they only label). */
  except?: readonly string[];
}

/** The class of a variable that makes some program run code (CODE_VARIABLE_CLASSES), or undefined. */
export function codeVariableClass(name: string): CodeVariableClass | undefined {
  const upper = name.toUpperCase();
  return CODE_VARIABLE_CLASSES.find(
    (c) =>
      !c.except?.includes(upper) && (c.names?.includes(upper) || c.prefixes?.some((prefix) => upper.startsWith(prefix)) || c.suffixes?.some((suffix) => upper.endsWith(suffix))),
  );
}

/** Every defined variable, as plain strings. */
export function copyEnvironment(env: Env): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) result[key] = value;
  return result;
}

/**
 * The environment a hook inherits under `policy`: without one, what the agent passes (`agentView`); with
 * `clean`, only the basics of hookrun's own environment (what the agent loaded is not among them); then
 * every `allow`ed variable as the agent has it (the user's explicit word wins over the agent's rules,
 * secret-looking values included).
 */
export function applyEnvPolicy(policy: EnvPolicy | undefined, processEnv: Env, agentView: () => Record<string, string>, agentEnv: Env = processEnv): Record<string, string> {
  if (!policy) return agentView();
  const result: Record<string, string> = {};
  if (policy.clean) {
    for (const [key, value] of Object.entries(processEnv)) {
      if (value !== undefined && CLEAN_ENV_BASICS.has(key.toUpperCase())) result[key] = value;
    }
  } else {
    Object.assign(result, agentView());
  }
  for (const name of policy.allow) {
    const value = agentEnv[name];
    if (value !== undefined) result[name] = value;
  }
  return result;
}
