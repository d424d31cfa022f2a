// The bridge's runtime, the same in every host: it runs inside the host's process (OpenCode's and Kilo's Bun,
// Pi's Node), starts one `hookrun serve` per host session, asks it for each forwarded event and turns its
// verdict (docs/verdict.md) into what the host's adapter applies: a block and its reason, replacement tool
// arguments, context for the model. `hookrun bridge` renders this file, with CONFIG filled in and its
// `export`s dropped, ahead of the host's adapter (src/hosts/<host>/plugin.js) into one self-contained plugin
// that imports only node: builtins. docs/bridge.md has the protocol, the per-host mapping and its limits.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * What `hookrun bridge` decided, rendered as JSON: `hookrun` (the command that starts hookrun, tried first
 * while its script exists), `serveArgs`, `failClosed`, `events` (the dialect's name for each bridged moment;
 * a moment it lacks is not forwarded) and `tools` (host tool name → the dialect's tool name and, per host
 * argument, the dialect's key and an optional scale, e.g. seconds to milliseconds).
 */
export const CONFIG = /* @config */ {
  host: 'unrendered',
  label: 'unrendered',
  hookrun: [],
  serveArgs: [],
  failClosed: false,
  events: {},
  tools: {},
};

/** The longest line `hookrun serve` reads (docs/serve.md). */
const MAX_LINE = 16 * 1048576;

const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A bridge that forwards nothing: the one a second plugin for the same project gets. */
function standAside() {
  const none = async () => ({});
  return { toolBefore: none, toolAfter: none, sessionStart: none, promptSubmit: none, sessionEnd: async () => {}, stopAll: () => {} };
}

/**
 * Starts the bridge for one host process. `notify(message, level)` shows a line in the host's UI or log
 * (level: 'info', 'warning' or 'error'); `cwd` is the project folder the hooks are resolved from. Every
 * method answers and none throws: a failure is notified and allows the event, or blocks it under
 * `failClosed`.
 */
export function startBridge(config, { notify, cwd }) {
  // One bridge per project per host process: a project plugin and a user one (or OpenCode's .opencode of a
  // parent folder) are both loaded, and two would run every hook twice. The first to start serves; a later one
  // says so and stands aside until the first stops.
  const claims = (globalThis[Symbol.for('hookrun.bridge')] ??= new Map());
  if (claims.has(cwd)) {
    notify(
      `another hookrun bridge plugin already serves ${cwd} in this process (${claims.get(cwd)}); this one (${config.label}, ${config.serveArgs.join(' ')}) stands aside`,
      'warning',
    );
    return standAside();
  }
  const claim = `${config.serveArgs.join(' ')}${config.failClosed ? ', fails closed' : ''}`;
  claims.set(cwd, claim);
  const sessions = new Map();
  const said = new Set();
  const sayOnce = (message, level) => {
    if (said.has(message)) return;
    said.add(message);
    notify(message, level);
  };

  // HOOKRUN_BIN names an executable to use instead; otherwise the command recorded by `hookrun bridge` while
  // its script is still there, else `hookrun` on PATH.
  const command = () => {
    if (process.env.HOOKRUN_BIN) return [process.env.HOOKRUN_BIN];
    const recorded = config.hookrun;
    if (recorded.length > 0 && recorded.slice(1).every((part) => existsSync(part))) return recorded;
    return ['hookrun'];
  };

  function open(sessionId) {
    const [file, ...pre] = command();
    const child = spawn(file, [...pre, 'serve', ...config.serveArgs, '-C', cwd], { cwd, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    const session = { child, pending: new Map(), next: 1, failure: undefined, stopped: false };
    const fail = (message) => {
      session.failure ??= message;
      for (const { resolve } of session.pending.values()) resolve({ failure: session.failure });
      session.pending.clear();
    };
    child.on('error', (error) => fail(error.code === 'ENOENT' ? `hookrun was not found (${file}): install it or set HOOKRUN_BIN` : `hookrun could not start: ${error.message}`));
    child.on('exit', (code, signal) => {
      // A session ended and opened again under the same id has a new serve by now: that one stays.
      if (sessions.get(sessionId) === session) sessions.delete(sessionId);
      fail(`hookrun serve ended (${signal ?? `exit ${code}`})`);
    });
    child.stdin.on('error', () => {});
    createInterface({ input: child.stdout }).on('line', (line) => {
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        return sayOnce(`hookrun serve wrote a line that is not JSON: ${line.slice(0, 200)}`, 'error');
      }
      const waiting = session.pending.get(message.id);
      if (!waiting) return;
      session.pending.delete(message.id);
      waiting.resolve(message.error ? { failure: `hookrun: ${message.error.message}` } : { result: message.result });
    });
    createInterface({ input: child.stderr }).on('line', (line) => {
      // Once stopped, what serve says about being stopped is not news for the host.
      if (line.trim() !== '' && !session.stopped) sayOnce(line, /\berror\b/.test(line) ? 'error' : 'warning');
    });
    sessions.set(sessionId, session);
    return session;
  }

  function ask(sessionId, params) {
    const session = sessions.get(sessionId) ?? open(sessionId);
    if (session.failure) return Promise.resolve({ failure: session.failure });
    const id = session.next++;
    const line = `${JSON.stringify({ jsonrpc: '2.0', id, method: 'run', params })}\n`;
    // serve refuses a longer line with an answer it cannot tie to a request (docs/serve.md): said here instead.
    if (Buffer.byteLength(line) > MAX_LINE) return Promise.resolve({ failure: `the event is larger than hookrun serve reads (${MAX_LINE / 1048576} MiB)` });
    return new Promise((resolve) => {
      session.pending.set(id, { resolve });
      session.child.stdin.write(line);
    });
  }

  // An argument's spec is the hook's key, or { key, scale }: as [key, scale].
  const keyAndScale = (to) => (typeof to === 'object' ? [to.key, to.scale] : [to, undefined]);

  function toDialect(tool, args) {
    const spec = config.tools[tool];
    if (!spec) return { name: tool, input: args ?? {} };
    const input = {};
    for (const [key, value] of Object.entries(args ?? {})) {
      // Own keys only: an argument named `constructor` or `toString` is the host's, not the prototype's.
      const [name, scale] = spec.args && Object.hasOwn(spec.args, key) ? keyAndScale(spec.args[key]) : [key, undefined];
      input[name] = scale && typeof value === 'number' ? value * scale : value;
    }
    return { name: spec.name, input };
  }

  function fromDialect(tool, input) {
    const spec = config.tools[tool];
    if (!spec) return input;
    const back = {};
    for (const [key, to] of Object.entries(spec.args ?? {})) {
      const [name, scale] = keyAndScale(to);
      back[name] = [key, scale];
    }
    const args = {};
    for (const [name, value] of Object.entries(input)) {
      const [key, scale] = Object.hasOwn(back, name) ? back[name] : [name, undefined];
      args[key] = scale && typeof value === 'number' ? value / scale : value;
    }
    return args;
  }

  // One event through hookrun: `blocking` events are the ones a failure blocks under failClosed.
  const WHAT = { toolBefore: 'tool call', promptSubmit: 'prompt' };
  async function event(moment, sessionId, options, blocking) {
    const name = config.events[moment];
    if (!name) return {};
    const id = sessionId ?? 'default';
    const answer = await ask(id, { event: name, options, input: { session_id: id } });
    if (answer.failure) {
      sayOnce(`hookrun bridge (${config.label}): ${answer.failure}`, 'error');
      return blocking && config.failClosed ? { block: `hookrun could not check this ${WHAT[moment]} (${answer.failure}); the bridge fails closed` } : {};
    }
    const verdict = answer.result.verdict ?? { outcome: answer.result.outcome };
    if (verdict.systemMessage) notify(verdict.systemMessage, 'info');
    const stops = verdict.outcome === 'block' || verdict.outcome === 'stop' || verdict.outcome === 'ask';
    return {
      block: stops ? (verdict.reason ?? `blocked by a ${name} hook`) : undefined,
      ask: verdict.outcome === 'ask',
      updatedInput: verdict.updatedInput,
      context: verdict.additionalContext,
    };
  }

  function stopSession(sessionId) {
    const session = sessions.get(sessionId);
    if (!session) return;
    sessions.delete(sessionId);
    session.stopped = true;
    session.child.stdin.end();
    // serve exits once its input ends; a hook still running past this is serve's to stop.
    setTimeout(() => session.child.kill('SIGTERM'), 5000).unref?.();
  }

  function stopAll() {
    for (const session of sessions.values()) {
      session.stopped = true;
      session.child.kill('SIGTERM');
    }
    sessions.clear();
    process.off('exit', stopAll);
    if (claims.get(cwd) === claim) claims.delete(cwd);
  }
  process.once('exit', stopAll);

  return {
    async toolBefore({ sessionId, tool, args }) {
      const { name, input } = toDialect(tool, args);
      const answer = await event('toolBefore', sessionId, { tool: name, toolInput: JSON.stringify(input) }, true);
      const out = {};
      if (answer.block) out.block = answer.block;
      if (answer.ask) out.ask = true;
      if (!answer.block && isPlainObject(answer.updatedInput)) out.args = fromDialect(tool, answer.updatedInput);
      return out;
    },
    async toolAfter({ sessionId, tool, args, output }) {
      const { name, input } = toDialect(tool, args);
      const response = typeof output === 'string' ? output : (output ?? '');
      const answer = await event('toolAfter', sessionId, { tool: name, toolInput: JSON.stringify(input), toolResponse: JSON.stringify(response) }, false);
      const context = [answer.block, answer.context].filter(Boolean).join('\n');
      return context ? { context } : {};
    },
    async sessionStart({ sessionId, source = 'startup' }) {
      const answer = await event('sessionStart', sessionId, { source }, false);
      return answer.context ? { context: answer.context } : {};
    },
    async promptSubmit({ sessionId, prompt }) {
      const answer = await event('promptSubmit', sessionId, { prompt: prompt ?? '' }, true);
      const out = {};
      if (answer.block) out.block = answer.block;
      if (answer.context) out.context = answer.context;
      return out;
    },
    async sessionEnd({ sessionId, reason = 'other' }) {
      await event('sessionEnd', sessionId, { reason }, false);
      stopSession(sessionId ?? 'default');
    },
    stopAll,
  };
}
