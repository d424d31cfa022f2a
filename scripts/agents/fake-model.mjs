// A fake model on 127.0.0.1 that speaks each agent's wire API with streaming and plays a scenario's script:
// a request is answered with step n, n being the number of tool results already in its conversation, so a
// repeated request (a Stop hook that keeps the turn going) gets the same step again. Every request body is
// kept, in order, for the observer. Requests that offer no tools (titles, summaries) get a short text.
import http from 'node:http';
import { randomUUID } from 'node:crypto';

/** One step of a script as the agent's shell tool: `{shell}` becomes a call of the agent's shell tool. */
const stepAt = (steps, n) => steps[Math.min(n, steps.length - 1)] ?? { text: 'done.' };

const sse = (res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  return (event, data) => res.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
};

// Anthropic Messages (Claude Code): tool results are user content blocks of type tool_result.
function anthropic(body, step, res, { callId }) {
  const send = sse(res);
  const id = `msg_${randomUUID().slice(0, 8)}`;
  const usage = { input_tokens: 10, output_tokens: 5 };
  send('message_start', { type: 'message_start', message: { id, type: 'message', role: 'assistant', model: body.model, content: [], stop_reason: null, usage } });
  if (step.call) {
    send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: callId, name: step.call.name, input: {} } });
    send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(step.call.args) } });
  } else {
    send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: step.text } });
  }
  send('content_block_stop', { type: 'content_block_stop', index: 0 });
  send('message_delta', { type: 'message_delta', delta: { stop_reason: step.call ? 'tool_use' : 'end_turn' }, usage: { output_tokens: 5 } });
  send('message_stop', { type: 'message_stop' });
  res.end();
}
const anthropicToolResults = (body) => (body.messages ?? []).flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter((c) => c.type === 'tool_result').length;

// OpenAI Responses (Codex): tool results are input items of type function_call_output.
function responses(_body, step, res, { callId }) {
  const send = sse(res);
  const id = `resp_${randomUUID().slice(0, 8)}`;
  const item = step.call
    ? { type: 'function_call', id: `fc_${callId}`, call_id: callId, name: step.call.name, arguments: JSON.stringify(step.call.args), status: 'completed' }
    : { type: 'message', id: `msg_${id}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: step.text, annotations: [] }] };
  send('response.created', { type: 'response.created', response: { id, status: 'in_progress', output: [] } });
  send('response.output_item.added', { type: 'response.output_item.added', output_index: 0, item });
  send('response.output_item.done', { type: 'response.output_item.done', output_index: 0, item });
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
  send('response.completed', { type: 'response.completed', response: { id, status: 'completed', output: [item], usage } });
  res.end();
}
const responsesToolResults = (body) =>
  (Array.isArray(body.input) ? body.input : []).filter((i) => i.type === 'function_call_output' || i.type === 'custom_tool_call_output').length;

// OpenAI chat completions (Copilot BYOK, Droid): tool results are messages with role tool.
function chat(body, step, res, { callId }) {
  const id = `chatcmpl-${randomUUID().slice(0, 8)}`;
  const base = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model };
  const message = step.call
    ? { role: 'assistant', content: null, tool_calls: [{ index: 0, id: callId, type: 'function', function: { name: step.call.name, arguments: JSON.stringify(step.call.args) } }] }
    : { role: 'assistant', content: step.text };
  const finish = step.call ? 'tool_calls' : 'stop';
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: finish }], usage }));
    return;
  }
  const send = sse(res);
  send(undefined, { ...base, choices: [{ index: 0, delta: message, finish_reason: null }] });
  send(undefined, { ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }], usage });
  res.write('data: [DONE]\n\n');
  res.end();
}
const chatToolResults = (body) => (body.messages ?? []).filter((m) => m.role === 'tool').length;

// Gemini API (Gemini CLI): tool results are parts with functionResponse.
function gemini(_body, step, res, { streaming }) {
  const part = step.call ? { functionCall: { name: step.call.name, args: step.call.args } } : { text: step.text };
  const chunk = {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: 'fake-model',
  };
  if (!streaming) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(chunk));
    return;
  }
  sse(res)(undefined, chunk);
  res.end();
}
const geminiToolResults = (body) => (body.contents ?? []).flatMap((c) => c.parts ?? []).filter((p) => p.functionResponse !== undefined).length;

const offersTools = (body) => Array.isArray(body.tools) && body.tools.length > 0;

/**
 * Starts the server. `script.steps`: `{call: {name, args}}` or `{text}`; `subagentSteps` answers requests
 * whose text contains `script.subagentMark`. Returns `{port, requests, close}`; `requests` fills as they come.
 */
export async function startFakeModel(script) {
  const requests = [];
  let calls = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        body = {};
      }
      const url = req.url ?? '';
      const record = { method: req.method, url, at: Date.now(), body };
      requests.push(record);
      const answer = (wire, count) => {
        const scripted = offersTools(body) || wire === 'gemini-tools';
        const n = count(body);
        const step = scripted ? stepAt(script.steps, n) : { text: script.sideText ?? 'ok' };
        record.step = scripted ? n : null;
        calls += 1;
        return { step, callId: `call_${calls}_${n}` };
      };
      if (req.method === 'POST' && /\/messages(\?|$)/.test(url)) {
        const { step, callId } = answer('anthropic', anthropicToolResults);
        return anthropic(body, step, res, { callId });
      }
      if (req.method === 'POST' && /\/responses(\?|$)/.test(url)) {
        const { step, callId } = answer('responses', responsesToolResults);
        return responses(body, step, res, { callId });
      }
      if (req.method === 'POST' && /\/chat\/completions(\?|$)/.test(url)) {
        const { step, callId } = answer('chat', chatToolResults);
        return chat(body, step, res, { callId });
      }
      if (req.method === 'POST' && /:countTokens/.test(url)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ totalTokens: 10 }));
      }
      if (req.method === 'POST' && /:(stream)?[gG]enerateContent/.test(url)) {
        const tools = Array.isArray(body.tools) && body.tools.some((t) => (t.functionDeclarations ?? []).length > 0);
        const { step } = answer(tools ? 'gemini-tools' : 'gemini', geminiToolResults);
        return gemini(body, step, res, { streaming: /streamGenerateContent/.test(url) });
      }
      if (/\/models(\?|$)/.test(url)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model' }] }));
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `fake model: no route for ${req.method} ${url}` } }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
