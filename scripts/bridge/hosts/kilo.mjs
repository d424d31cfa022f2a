// Kilo CLI (@kilocode/cli, a fork of OpenCode compiled with Bun) driven offline against the fake model on
// 127.0.0.1. Facts pinned on 7.7.7 (7.8.1 has no linux-x64 package) from its binary (`strings` on
// node_modules/@kilocode/cli/bin/.kilo: the flags table, the config loader, its own kilo-config skill text) and
// runs of it under `strace -e connect`. Config: https://kilo.ai/docs (kilo.json, .kilo/, ~/.config/kilo/).
import path from 'node:path';
import { fakeModelConfig, homeEnv, noopPlugin, seeded } from './opencode-family.mjs';

export default {
  name: 'kilo',
  label: 'Kilo CLI',
  package: '@kilocode/cli',
  version: '7.7.7',
  // A Bun executable: with BUN_BE_BUN=1 it runs a script as `bun` would (latency.mjs measures the runtime there).
  bun: true,
  // postinstall copies the platform package's executable to bin/.kilo; bin/kilo is a Node wrapper that spawns it
  // (and forwards SIGINT/SIGTERM/SIGHUP), so the executable itself is run: one process, killed as one.
  bin(dir) {
    return path.join(dir, 'node_modules', '@kilocode', 'cli', 'bin', '.kilo');
  },
  setup({ port, home }) {
    const config = {
      $schema: 'https://app.kilo.ai/config.json',
      ...fakeModelConfig(port),
      enabled_providers: ['fake'], // no Kilo Gateway model list fetch (api.kilo.ai) and no other provider
    };
    return {
      env: {
        ...homeEnv(home),
        KILO_NO_DAEMON: '1', // in-process: never attach to a running kilo daemon
        KILO_DISABLE_MODELS_FETCH: '1', // no models.dev catalogue fetch (the bundled snapshot is used)
        KILO_DISABLE_AUTOUPDATE: '1', // no update check
        KILO_TELEMETRY_LEVEL: 'off', // PostHog telemetry only when this is "all"
        KILO_DISABLE_SHARE: '1', // no session sharing
        KILO_DISABLE_SESSION_INGEST: '1', // no session upload to Kilo's cloud
        KILO_DISABLE_LSP_DOWNLOAD: '1', // no language server downloads
        KILO_DISABLE_CLAUDE_CODE: '1', // does not read ~/.claude or .claude (CLAUDE.md, skills): the hooks' files stay hookrun's
        KILO_DISABLE_DEFAULT_PLUGINS: '1', // no built-in auth plugins (Kilo Gateway, Codex, Copilot, GitLab...)
        KILO_DISABLE_EXTERNAL_SKILLS: '1',
        // Not KILO_PURE (or --pure): it turns off external plugins, the bridge included.
      },
      files: { 'kilo.json': `${JSON.stringify(config, null, 2)}\n`, ...seeded('.kilo', '@kilocode/plugin') },
      homeFiles: seeded('.config/kilo', '@kilocode/plugin'),
    };
  },
  // `kilo run <message>` runs one prompt and exits once the session is idle; --auto approves every permission
  // not explicitly denied (run mode cannot answer a prompt; a command naming a path outside the project asks).
  command({ prompt }) {
    return ['run', '--auto', prompt];
  },
  // The shell tool is `bash` {command, timeout (ms), workdir, description}.
  shellCall(command) {
    return { name: 'bash', args: { command, description: 'run a command' } };
  },
  // Plugins load from {plugin,plugins}/*.{js,ts} in each config folder: .kilo (and legacy .kilocode) from the
  // project up to the worktree root, ~/.kilo, ~/.kilocode and ~/.config/kilo ($XDG_CONFIG_HOME/kilo). Not .opencode.
  pluginDirs: { project: '.kilo/plugins', user: '.config/kilo/plugins' },
  noopPlugin: noopPlugin('.kilo/plugins'),
};
