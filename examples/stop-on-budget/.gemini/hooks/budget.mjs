#!/usr/bin/env node
// BeforeModel hook: stop the agent before it sends an over-budget request to the model.
// Budget: BUDGET_MAX_MESSAGES messages and BUDGET_MAX_TOKENS estimated tokens (~4 characters each).
// stdout: nothing under 80% of the budget; a systemMessage warning from 80%; over budget
// {"continue":false,"stopReason":...}, which ends the agent loop (`hookrun run` exits 4).

const maxMessages = Number(process.env.BUDGET_MAX_MESSAGES) || 50;
const maxTokens = Number(process.env.BUDGET_MAX_TOKENS) || 200000;

async function readStdin() {
  if (process.stdin.isTTY) return '';
  let data = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) data += chunk;
  return data;
}

let input;
try {
  input = JSON.parse(await readStdin());
} catch {
  process.exit(0); // cannot measure: no opinion
}
const messages = Array.isArray(input?.llm_request?.messages) ? input.llm_request.messages : [];
const chars = messages.reduce((sum, m) => sum + (typeof m?.content === 'string' ? m.content.length : 0), 0);
const tokens = Math.ceil(chars / 4);
const usage = `${messages.length} of ${maxMessages} messages, ~${tokens} of ${maxTokens} tokens`;

if (messages.length > maxMessages || tokens > maxTokens) {
  process.stdout.write(
    JSON.stringify({
      continue: false,
      stopReason: `Budget exhausted (${usage}). Summarize the progress for the user and start a new session.`,
      systemMessage: `stop-on-budget: stopped the agent (${usage})`,
    }) + '\n',
  );
} else if (messages.length >= 0.8 * maxMessages || tokens >= 0.8 * maxTokens) {
  process.stdout.write(JSON.stringify({ systemMessage: `stop-on-budget: ${usage} used` }) + '\n');
}
