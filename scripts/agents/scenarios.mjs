// The scenarios, as data: generated from small tables (events × answers × exit codes × matchers × several
// hooks) in an agent-neutral form. Each agent file spells the events, tool names and JSON answers its own way.
//
// A scenario: { id, class, event, hooks: [{name, matcher?, answer, timeout?}], model: [steps], observe? }
//   event   start | prompt | pre | post | stop | end (the hooks under test sit on it)
//   matcher a kind, turned into the agent's text by matcherText: exact regex anchored star empty upper
//           prefix pipe other (absent = no matcher field)
//   answer  {intent?, exit, stderr?, plain?, invalid?, sleep?}: the JSON for the intent (deny allow ask
//           block context stop system), then stderr text, then the exit code
//   model   what the fake model answers, in turn: {shell: command} | {text}
// Every scenario also has a witness hook `w` (no matcher, answers nothing) first on the event: its stdin is
// the event payload of the derived case, even when no hook under test fires.

export const EVENTS = ['pre', 'post', 'prompt', 'stop', 'start', 'end'];
const INTENTS = ['deny', 'allow', 'ask', 'block', 'context', 'stop', 'system'];
const MATCHERS = ['exact', 'regex', 'anchored', 'star', 'empty', 'upper', 'prefix', 'pipe', 'other', 'none'];

/** The tool call every scenario's model makes: it leaves a marker when the tool really ran. */
const TOOL = { shell: 'touch @ROOT@/ran-tool; echo out0' };
const MODEL = [TOOL, { text: 'done.' }];

function scenario(id, cls, event, hooks, extra = {}) {
  return { id, class: cls, event, hooks, model: MODEL, ...extra };
}

export function allScenarios() {
  const list = [];
  // Each answer an agent knows, printed with exit 0 and with exit 2 (exit 2 also writes a stderr text).
  for (const event of EVENTS) {
    for (const intent of INTENTS) {
      list.push(scenario(`${event}-${intent}`, 'decision', event, [{ name: 'h1', answer: { intent, exit: 0 } }]));
      list.push(scenario(`${event}-${intent}-exit2`, 'exit-code', event, [{ name: 'h1', answer: { intent, exit: 2, stderr: true } }]));
    }
    for (const exit of [1, 2, 3]) {
      list.push(scenario(`${event}-exit${exit}`, 'exit-code', event, [{ name: 'h1', answer: { exit, stderr: true } }]));
    }
    list.push(scenario(`${event}-plain`, 'output-form', event, [{ name: 'h1', answer: { exit: 0, plain: true } }]));
    list.push(scenario(`${event}-invalid-json`, 'output-form', event, [{ name: 'h1', answer: { exit: 0, invalid: true } }]));
  }
  // Matchers on the tool events: a deny before the tool, a context after it.
  for (const matcher of MATCHERS) {
    list.push(scenario(`pre-match-${matcher}`, 'matcher', 'pre', [{ name: 'h1', matcher, answer: { intent: 'deny', exit: 0 } }]));
    list.push(scenario(`post-match-${matcher}`, 'matcher', 'post', [{ name: 'h1', matcher, answer: { intent: 'context', exit: 0 } }]));
  }
  // Several hooks on one tool call: which decision wins, whose text reaches the model.
  const pairs = [
    ['allow', 'deny'],
    ['deny', 'allow'],
    ['ask', 'deny'],
    ['deny', 'ask'],
    ['allow', 'ask'],
    ['deny', 'deny'],
    ['context', 'context'],
    ['context', 'deny'],
  ];
  for (const [a, b] of pairs) {
    list.push(
      scenario(`pre-two-${a}-${b}`, 'several-hooks', 'pre', [
        { name: 'h1', answer: { intent: a, exit: 0 } },
        { name: 'h2', answer: { intent: b, exit: 0 } },
      ]),
    );
  }
  list.push(
    scenario('post-two-context-block', 'several-hooks', 'post', [
      { name: 'h1', answer: { intent: 'context', exit: 0 } },
      { name: 'h2', answer: { intent: 'block', exit: 0 } },
    ]),
  );
  // A hook that outlives its timeout (the unit is the agent's: seconds, or milliseconds for Gemini).
  list.push(scenario('pre-timeout-deny', 'timeout', 'pre', [{ name: 'h1', timeout: 1, answer: { intent: 'deny', exit: 0, sleep: 4 } }]));
  list.push(scenario('prompt-timeout-context', 'timeout', 'prompt', [{ name: 'h1', timeout: 1, answer: { intent: 'context', exit: 0, sleep: 4 } }]));
  // Isolation: the model asks for a connection to an outside address; the tool output shows it failing.
  list.push(
    scenario('isolation-curl', 'isolation', 'pre', [], {
      model: [
        { shell: 'touch @ROOT@/ran-tool; curl -sS -m 5 http://1.1.1.1/ > @ROOT@/net.out 2>&1; echo "curl exit $?" >> @ROOT@/net.out; cat @ROOT@/net.out' },
        { text: 'done.' },
      ],
      observe: 'net.out',
    }),
  );
  return list;
}

/** The matcher text for a kind, given the agent's shell tool name and another tool's. */
export function matcherText(kind, tools) {
  const name = tools.shell;
  switch (kind) {
    case 'exact':
      return name;
    case 'regex':
      return `${name.slice(0, 2)}.*`;
    case 'anchored':
      return `^${name}$`;
    case 'star':
      return '*';
    case 'empty':
      return '';
    case 'upper':
      return name.toUpperCase();
    case 'prefix':
      return name.slice(0, 3);
    case 'pipe':
      return `${tools.other}|${name}`;
    case 'other':
      return tools.other;
    case 'none':
      return undefined;
    default:
      return kind;
  }
}
