// What OpenCode and its fork Kilo CLI are driven offline with alike (hosts/opencode.mjs, hosts/kilo.mjs).
import path from 'node:path';

/**
 * Both run `npm install <their plugin SDK>` in every config folder that holds a plugin file, and OpenCode waits
 * for it (~70 s of npm retries offline). Npm.install skips a folder that has node_modules/ and a
 * package-lock.json whose root already lists every dependency it would add, so both are seeded.
 */
export const seeded = (dir, sdk) => ({
  [`${dir}/node_modules/.keep`]: '',
  [`${dir}/package-lock.json`]: `${JSON.stringify({ lockfileVersion: 3, packages: { '': { dependencies: { [sdk]: '*' } } } })}\n`,
});

/** The fake model as provider `fake`: @ai-sdk/openai-compatible is bundled in both binaries, so nothing is installed. */
export const fakeModelConfig = (port) => ({
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
});

/** Config, data (sessions, logs under .local/share/<host>/log), cache and state, all under the temp HOME. */
export const homeEnv = (home) => ({
  HOME: home,
  XDG_CONFIG_HOME: path.join(home, '.config'),
  XDG_DATA_HOME: path.join(home, '.local', 'share'),
  XDG_CACHE_HOME: path.join(home, '.cache'),
  XDG_STATE_HOME: path.join(home, '.local', 'state'),
});

/** A plugin with the bridge's hooks that do nothing: what any such plugin costs in the host (latency.mjs). */
export const noopPlugin = (folder) => ({
  file: `${folder}/noop.js`,
  text: "export const Noop = async () => ({ 'tool.execute.before': async () => {}, 'tool.execute.after': async () => {}, event: async () => {}, 'chat.message': async () => {}, 'experimental.chat.system.transform': async () => {} });\n",
});
