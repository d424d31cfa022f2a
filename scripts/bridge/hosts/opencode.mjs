// OpenCode (opencode-ai, a compiled Bun executable) driven offline against the fake model on 127.0.0.1.
// Facts pinned on 1.18.33 from its binary (`strings`) and runs of it; the plugin API is at
// https://opencode.ai/docs/plugins/ and the config at https://opencode.ai/docs/config/.
import path from 'node:path';

// OpenCode runs `npm install @opencode-ai/plugin` in every config folder (~/.config/opencode, each .opencode)
// and, when a plugin file is there, waits for it before loading plugins: offline that is ~70 s of npm
// retries. Npm.install skips a folder that has node_modules/ and a package-lock.json whose root already lists
// every dependency it would add, so both are seeded.
const seeded = (dir) => ({
  [`${dir}/node_modules/.keep`]: '',
  [`${dir}/package-lock.json`]: `${JSON.stringify({ lockfileVersion: 3, packages: { '': { dependencies: { '@opencode-ai/plugin': '*' } } } })}\n`,
});

export default {
  name: 'opencode',
  label: 'OpenCode',
  package: 'opencode-ai',
  version: '1.18.33',
  // The package's bin (bin/opencode.exe) is the compiled executable for this platform, copied in by postinstall.
  bin(dir) {
    return path.join(dir, 'node_modules', 'opencode-ai', 'bin', 'opencode.exe');
  },
  setup({ port, home }) {
    // @ai-sdk/openai-compatible is bundled in the binary, so a custom provider with it installs nothing.
    const config = {
      $schema: 'https://opencode.ai/config.json',
      model: 'fake/fake-model',
      small_model: 'fake/fake-model', // session titles go to the fake model too, not to a built-in provider
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
      permission: { '*': 'allow' }, // `opencode run` cannot answer a permission prompt
    };
    return {
      env: {
        // Config, data (sessions db, logs: .local/share/opencode/log), cache and state under the temp HOME.
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, '.config'),
        XDG_DATA_HOME: path.join(home, '.local', 'share'),
        XDG_CACHE_HOME: path.join(home, '.cache'),
        XDG_STATE_HOME: path.join(home, '.local', 'state'),
        OPENCODE_DISABLE_MODELS_FETCH: '1', // no models.dev catalogue fetch (the bundled snapshot is used)
        OPENCODE_DISABLE_AUTOUPDATE: '1', // no update check
        OPENCODE_DISABLE_SHARE: '1', // no session sharing
        OPENCODE_DISABLE_LSP_DOWNLOAD: '1', // no language server downloads
        OPENCODE_DISABLE_CLAUDE_CODE: '1', // does not read ~/.claude or .claude (CLAUDE.md, skills): the hooks' files stay hookrun's
        OPENCODE_DISABLE_DEFAULT_PLUGINS: '1', // no built-in auth plugins (Copilot, Codex, GitLab...)
        OPENCODE_DISABLE_EXTERNAL_SKILLS: '1',
      },
      files: { 'opencode.json': `${JSON.stringify(config, null, 2)}\n`, ...seeded('.opencode') },
      homeFiles: seeded('.config/opencode'),
    };
  },
  // `opencode run <message>` runs one prompt and exits once the session is idle.
  command({ prompt }) {
    return ['run', prompt];
  },
  // The shell tool is `bash` {command, timeout (ms), workdir}.
  shellCall(command) {
    return { name: 'bash', args: { command } };
  },
  // Plugins load from {plugin,plugins}/*.{js,ts} in each config folder: .opencode upward from the project and
  // ~/.config/opencode ($XDG_CONFIG_HOME/opencode).
  pluginDirs: { project: '.opencode/plugins', user: '.config/opencode/plugins' },
};
