// Turns a scenario's agent-neutral hooks into the agent's hook groups: each command first logs (log.sh marks
// fired-NAME, count-NAME and order, keeps stdin, env and cwd under log/), then answers.
import { matcherText } from './scenarios.mjs';

export const LOG_SH = `#!/bin/sh
# log.sh NAME: marks fired-NAME, count-NAME and order in the run root; keeps stdin, env and cwd under log/
r=@ROOT@; n=$1; mkdir -p "$r/log"
k=$(cat "$r/count-$n" 2>/dev/null | wc -l | tr -d ' '); echo x >> "$r/count-$n"; echo "$n" >> "$r/order"; touch "$r/fired-$n"
cat > "$r/log/$n.$k.json"; env > "$r/log/$n.$k.env"; pwd > "$r/log/$n.$k.cwd"; exit 0
`;

/** A text a hook prints, unique per hook and field, so the observer can tell where it went. */
export const token = (hook, field) => `${hook}-${field}-tok`;

const shellQuote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

function answerCommand(agent, eventName, hook, { once }) {
  const a = hook.answer;
  const parts = [`sh @ROOT@/ws/.tier/log.sh ${hook.name}`];
  // A Stop hook answers only its first call: Codex has no cap on continuations.
  if (once) parts.push(`[ -e @ROOT@/once-${hook.name} ] && exit 0`, `touch @ROOT@/once-${hook.name}`);
  if (a.sleep) parts.push(`sleep ${a.sleep}`);
  if (a.intent) parts.push(`printf '%s\\n' ${shellQuote(JSON.stringify(agent.answer(eventName, a.intent, (field) => token(hook.name, field))))}`);
  if (a.plain) parts.push(`echo ${token(hook.name, 'out')}`);
  if (a.invalid) parts.push(`echo '{${token(hook.name, 'bad')}'`);
  if (a.stderr) parts.push(`echo ${token(hook.name, 'err')} >&2`);
  if (a.exit !== 0) parts.push(`exit ${a.exit}`);
  return parts.join('; ');
}

/** The groups `[{event, hooks: [{name, matcher, command, timeout}]}]` for agent.hookFiles. */
export function hookGroups(agent, scenario) {
  const eventName = agent.events[scenario.event];
  const once = scenario.event === 'stop';
  const witness = { name: 'w', answer: { exit: 0 } };
  const hooks = [witness, ...scenario.hooks].map((hook) => ({
    name: hook.name,
    matcher: hook.matcher === undefined ? undefined : matcherText(hook.matcher, agent.tools),
    command: answerCommand(agent, eventName, hook, { once }),
    timeout: hook.timeout === undefined ? undefined : hook.timeout * agent.timeoutUnit,
  }));
  return [{ event: eventName, hooks }];
}
