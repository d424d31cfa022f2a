// Turns what the real agent did into a case in the dialect-cases format (shared/conformance/README.md): the
// hook's stdin as --event, the agent's outcome mapped onto hookrun's exit code, the hooks that fired, and
// the texts that reached the model or the user. The mapping (docs/conformance.md, "The agent tier"):
//   pre    turn ended with no further request 4; tool ran 0; permission prompt reached (ask) 3; else 2
//   post   turn ended after the tool 4; else 0, or the agent's own word where its dialect maps a replaced
//          result to 2 (Gemini's AfterTool block)
//   prompt model called 0; else the agent's own word: blocked 2, stopped 4
//   stop   more model requests than the script's steps (the turn went on) 2; the agent says a hook stopped it 4; else 0
//   start  model called 0; else 4
//   end    0
import { token } from './hooks.mjs';

const FIELDS = ['rsn', 'ctx', 'stop', 'sys', 'err', 'out', 'bad'];

/** The tool result the model was given last, as text (for `about` and the isolation proof). */
export function lastToolResult(request) {
  const body = request?.body ?? {};
  const pick = [];
  for (const m of body.messages ?? []) {
    if (m.role === 'tool') pick.push(m.content);
    for (const c of Array.isArray(m.content) ? m.content : []) if (c.type === 'tool_result') pick.push(c.content);
  }
  for (const i of Array.isArray(body.input) ? body.input : []) if (i.type === 'function_call_output') pick.push(i.output);
  for (const c of body.contents ?? []) for (const p of c.parts ?? []) if (p.functionResponse) pick.push(p.functionResponse.response);
  const last = pick.at(-1);
  return last === undefined ? undefined : typeof last === 'string' ? last : JSON.stringify(last);
}

/** Text with every hook command line cut out: agents quote them (Claude on exit 2, Gemini's warning). */
function withoutCommands(text, groups, root) {
  let out = text;
  for (const group of groups) {
    for (const hook of group.hooks) {
      const cmd = hook.command.replaceAll('@ROOT@', root);
      const once = JSON.stringify(cmd).slice(1, -1);
      for (const form of [JSON.stringify(once).slice(1, -1), once, cmd]) out = out.replaceAll(form, '');
    }
  }
  return out;
}

function exitFor(agent, scenario, run) {
  const requests = run.scripted.length;
  switch (scenario.event) {
    case 'pre':
      // A turn that ended at the hook (no request after the tool call) was stopped, whether the tool ran or not.
      if (requests <= 1) return 4;
      if (run.toolRan) return 0;
      return agent.sawAsk(run) ? 3 : 2;
    case 'post':
      return requests <= 1 ? 4 : (agent.postOutcome?.(run) ?? 0);
    case 'prompt':
      return requests > 0 ? 0 : agent.promptOutcome(run);
    case 'stop':
      // More requests than the script has steps: the agent went on after the Stop hook.
      return requests > scenario.model.length ? 2 : agent.stopOutcome(run);
    case 'start':
      return requests > 0 ? 0 : 4;
    default:
      return 0;
  }
}

/** The observation as a case, or `{skip: why}` when the event never fired (no payload to replay). */
export function deriveCase(agent, version, scenario, run) {
  const eventName = agent.events[scenario.event];
  const payload = run.logs['w.0.json'];
  if (payload === undefined) return { skip: `${eventName} never fired in the agent's run` };
  const root = run.root;
  const encodedRoot = root.replace(/[^a-zA-Z0-9]/g, '-');
  const unroot = (text) => text.replaceAll(root, '@ROOT@').replaceAll(encodedRoot, '-ROOT');
  const modelText = withoutCommands(JSON.stringify(run.scripted.map((r) => r.body)), run.groups, root);
  const visible = withoutCommands(agent.visibleText(run), run.groups, root);
  const names = run.groups[0].hooks.map((h) => h.name);
  const reached = [];
  const lost = [];
  for (const hook of scenario.hooks) {
    for (const field of FIELDS) {
      const tok = token(hook.name, field);
      if (!run.groups[0].hooks.find((h) => h.name === hook.name).command.includes(tok)) continue;
      if (modelText.includes(tok) || visible.includes(tok)) reached.push(tok);
      else if (field === 'ctx') lost.push(tok);
    }
  }
  const exit = exitFor(agent, scenario, run);
  const tool = lastToolResult(run.scripted.at(-1));
  const about = [
    `${scenario.id} [${scenario.class}]: real ${agent.name} ${version} (agent tier, fake model on 127.0.0.1, no network)`,
    scenario.event === 'pre' || scenario.event === 'post' ? (run.toolRan ? 'tool ran' : 'tool not run') : undefined,
    `${run.scripted.length} model request(s)`,
    `agent exit ${run.exitCode}${run.timedOut ? ' (timed out, killed)' : ''}`,
    `hooks fired: ${[...run.fired].filter((n) => names.includes(n)).join(',') || 'none'}`,
    reached.length ? `reached the model/user: ${reached.join(',')}` : undefined,
    lost.length ? `dropped: ${lost.join(',')}` : undefined,
    scenario.event === 'stop' && exit === 0 && agent.stopUnobservable ? `(${agent.stopUnobservable})` : undefined,
    tool !== undefined ? `last tool result: ${JSON.stringify(unroot(tool).slice(0, 160))}` : undefined,
  ]
    .filter(Boolean)
    .join('; ');
  const expect = {
    exit,
    fired: names.filter((n) => run.fired.has(n)),
    notFired: names.filter((n) => !run.fired.has(n)),
    ...(reached.length ? { stdoutContains: reached } : {}),
    ...(lost.length ? { stdoutNotContains: lost } : {}),
  };
  if (expect.notFired.length === 0) delete expect.notFired;
  return {
    case: {
      id: `tier-${agent.name}-${scenario.id}`,
      dialect: agent.dialect,
      about,
      class: scenario.class,
      files: run.files,
      ...(Object.keys(run.homeFiles).length ? { homeFiles: run.homeFiles } : {}),
      args: ['run', eventName, '--dialect', agent.dialect, ...agent.dialectArgs(version), '--event', unroot(payload.trim())],
      expect,
    },
  };
}
