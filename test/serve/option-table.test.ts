// The option table (src/pipeline/options.ts) is what every edge takes: each row a command lists is a flag of that
// command, each row a request may set is accepted by `serve` and the library with a value of its type.
// Before the table, serve refused `thirdPartyHooks` and `contain`, `serve --contain` failed and
// `--tool-response` was missing from serve: these checks are written from the table, so a new row is
// checked on every edge without a new test.
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { OPTIONS, type OptionRow, REQUEST_OPTIONS } from '../../src/pipeline/options.js';
import { Session } from '../../src/serve/session.js';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';
import { ServeClient } from './client.js';

const sandboxes: Sandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((sb) => sb.cleanup())));

/** A value of the row's type that makes a quiet, valid request. */
function sample(name: string, row: Pick<OptionRow, 'kind'>): unknown {
  switch (row.kind.type) {
    case 'boolean':
      return name !== 'dryRun';
    case 'negated':
      return false;
    case 'count':
      return 1000;
    case 'strings':
      return ['HOME'];
    case 'string':
      if (row.kind.choices) return row.kind.choices[0];
      return { toolInput: '{"command":"ls"}', toolResponse: '{"llmContent":"ok"}', claudeVersion: 'current', geminiVersion: 'latest' }[name] ?? 'x';
  }
}

const rows = Object.entries(OPTIONS) as [string, OptionRow][];

describe('every edge takes the table', () => {
  test('each row serve lists is a flag serve starts with; each request option is accepted with a value of its type', async () => {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    await sb.write(path.join(sb.ws, '.gemini/settings.json'), JSON.stringify({ hooks: {} }));
    const flags = rows
      .filter(([, row]) => row.commands.includes('serve'))
      .flatMap(([name, row]) => {
        const flag = row.flags.split(/[ ,]+/).find((part) => part.startsWith('--'))!;
        const value = sample(name, row);
        return row.kind.type === 'boolean' || row.kind.type === 'negated' ? [flag] : [flag, String(Array.isArray(value) ? value[0] : value)];
      });
    expect(flags).toContain('--contain');
    const client = new ServeClient(['-C', sb.ws, ...flags], { env: sb.env });
    try {
      for (const [name, kind] of REQUEST_OPTIONS) {
        const answer = await client.call('run', { event: 'BeforeTool', input: { tool_name: 'x', tool_input: {} }, options: { [name]: sample(name, { kind }) } });
        expect(answer.error, `options.${name}`).toBeUndefined();
        const wrong = await client.call('run', { event: 'BeforeTool', options: { [name]: { not: 'this type' } } });
        expect(wrong.error?.message, `options.${name}`).toMatch(new RegExp(`^params\\.options\\.${name} must be `));
      }
      client.end();
      expect(await client.exited).toEqual({ code: 0, signal: null });
    } finally {
      client.kill();
    }
  });

  test('serve request options include the drifted ones: thirdPartyHooks, contain, toolResponse', () => {
    for (const name of ['thirdPartyHooks', 'contain', 'toolResponse']) expect(REQUEST_OPTIONS.has(name), name).toBe(true);
  });

  test('the library takes every request option too, and a session default under the same name', async () => {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    const session = new Session({ cwd: sb.ws, env: sb.env, contain: true, grace: 100, maxOutput: 4096 });
    for (const [name, kind] of REQUEST_OPTIONS) {
      const answer = await session.run({ event: 'BeforeTool', input: { tool_name: 'x', tool_input: {} }, options: { [name]: sample(name, { kind }) } });
      expect(answer.exitCode, `options.${name}`).toBe(0);
    }
  });

  test('each row run lists is a flag of run, and its help names it', async () => {
    const sb = await makeSandbox();
    sandboxes.push(sb);
    const help = (await hookrun(['run', '--help'], { env: sb.env })).stdout;
    for (const [, row] of rows.filter(([, r]) => r.commands.includes('run'))) {
      expect(help).toContain(row.flags.split(/[ ,]+/).find((part) => part.startsWith('--'))!);
    }
  });
});
