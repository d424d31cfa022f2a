// Kilo CLI (@kilocode/cli, a fork of OpenCode compiled with Bun) driven offline against the fake model on
// 127.0.0.1. Facts pinned on 7.7.7 (7.8.1 has no linux-x64 package) from its binary (`strings` on
// node_modules/@kilocode/cli/bin/.kilo: the flags table, the config loader, its own kilo-config skill text) and
// runs of it under `strace -e connect`. Config: https://kilo.ai/docs (kilo.json, .kilo/, ~/.config/kilo/).
import path from 'node:path';

// Kilo runs `npm install @kilocode/plugin@<its version>` in the background in every config folder that holds a
// plugin file (.kilo/, ~/.config/kilo/): a registry.npmjs.org fetch (for 7.7.7 it fails: that version of
// @kilocode/plugin is not published). Npm.install skips a folder that has node_modules/ and a package-lock.json
// whose root already lists every dependency it would add, so both are seeded.
const seeded = (dir) => ({
  [`${dir}/node_modules/.keep`]: '',
  [`${dir}/package-lock.json`]: `${JSON.stringify({ lockfileVersion: 3, packages: { '': { dependencies: { '@kilocode/plugin': '*' } } } })}\n`,
});

export default {
  name: 'kilo',
  label: 'Kilo CLI',
  package: '@kilocode/cli',
  version: '7.7.7',
  // postinstall copies the platform package's executable to bin/.kilo; bin/kilo is a Node wrapper that spawns it
  // (and forwards SIGINT/SIGTERM/SIGHUP), so the executable itself is run: one process, killed as one.
  bin(dir) {
    return path.join(dir, 'node_modules', '@kilocode', 'cli', 'bin', '.kilo');
  },
  setup({ port, home }) {
    // @ai-sdk/openai-compatible is bundled in the binary, so a custom provider with it installs nothing.
    const config = {
      $schema: 'https://app.kilo.ai/config.json',
      model: 'fake/fake-model',
      small_model: 'fake/fake-model', // session titles go to the fake model too
      enabled_providers: ['fake'], // no Kilo Gateway model list fetch (api.kilo.ai) and no other provider
      autoupdate: false,
      share: 'disabled',
      lsp: false, // no language servers started or downloaded
      formatter: false,
      provider: {
        fake: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Fake',
          options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'fake-key' },
          models: { 'fake-model': { name: 'Fake model', tool_call: true } },
        },
      },
    };
    return {
      env: {
        // Config (~/.config/kilo), data (sessions db, logs: ~/.local/share/kilo/log/*.log), cache and state under the temp HOME.
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, '.config'),
        XDG_DATA_HOME: path.join(home, '.local', 'share'),
        XDG_CACHE_HOME: path.join(home, '.cache'),
        XDG_STATE_HOME: path.join(home, '.local', 'state'),
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
      files: { 'kilo.json': `${JSON.stringify(config, null, 2)}\n`, ...seeded('.kilo') },
      homeFiles: seeded('.config/kilo'),
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
};
