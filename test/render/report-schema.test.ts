// The report schema describes what `run --json` really prints: a real report, with every optional
// part present, validates against the strict schema.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { runReportSchema } from '../../src/render/report-schema.js';
import type { RunReport } from '../../src/render/report.js';
import { hookrun, makeSandbox, type Sandbox } from '../helpers/cli.js';

// Compile-time: every RunReport value is an input the schema accepts (tsc checks this file).
const _everyReportFits = (report: RunReport): z.input<typeof runReportSchema> => report;
void _everyReportFits;

let s: Sandbox;
beforeEach(async () => {
  s = await makeSandbox();
});
afterEach(async () => {
  await s.cleanup();
});

describe('run --json report', () => {
  it('validates against the report schema', async () => {
    const rewrite = `echo '{"hookSpecificOutput":{"tool_input":{"command":"ls -la"}},"systemMessage":"rewritten"}'`;
    await s.write(
      'ws/.gemini/settings.json',
      JSON.stringify({
        hooksConfig: { disabled: ['off'] },
        hooks: {
          PreToolUse: [],
          BeforeTool: [
            { matcher: 'run_shell_command', sequential: true, hooks: [{ type: 'command', name: 'rewrite', command: rewrite, env: { A: 'b' } }] },
            { hooks: [{ type: 'command', name: 'plain', command: 'echo not json; exit 1', timeout: 5000 }] },
            { matcher: 'write_file', hooks: [{ type: 'command', command: 'echo skipped' }] },
            { hooks: [{ type: 'command', name: 'off', command: 'echo disabled' }] },
          ],
        },
      }),
    );
    const result = await hookrun(['run', 'BeforeTool', '--tool', 'run_shell_command', '--tool-input', '{"command":"ls"}', '--json', '-q', '--trust-workspace'], {
      env: s.env,
      cwd: s.ws,
    });
    const report = JSON.parse(result.stdout);
    const parsed = runReportSchema.safeParse(report);
    expect(parsed.error?.issues ?? []).toEqual([]);
    // The optional parts this case exists to cover.
    expect(report.results.map((r: { name: string }) => r.name)).toEqual(['rewrite', 'plain']);
    expect(report.results[1].chainedInput).toBeDefined();
    expect(report.plan.skipped.map((k: { reason: string }) => k.reason).sort()).toEqual(['disabled', 'matcher']);
    expect(report.diagnostics.map((d: { code: string }) => d.code)).toContain('invalid-event-name');
  });

  it('describes a report whose event the agent ended early (GitHub Copilot CLI stops at the first preToolUse deny)', async () => {
    const deny = `echo '{"permissionDecision":"deny","permissionDecisionReason":"no"}'`;
    await s.write('ws/.github/hooks/guard.json', JSON.stringify({ version: 1, hooks: { preToolUse: [{ bash: deny }, { bash: 'true' }] } }));
    const result = await hookrun(['run', 'preToolUse', '--dialect', 'copilot', '--event', '{"toolName":"bash","toolArgs":{"command":"ls"}}', '--json', '-q', '--trust-workspace'], {
      env: { ...s.env, HOOKRUN_COPILOT_POLICY_DIR: `${s.root}/policy.d` },
      cwd: s.ws,
    });
    const report = JSON.parse(result.stdout);
    expect(runReportSchema.safeParse(report).error?.issues ?? []).toEqual([]);
    expect(report.endedEarly).toEqual({
      after: '.github/hooks/guard.json:hooks.preToolUse[0]',
      why: 'whose answer is deny, Copilot runs no later preToolUse hook',
      notRun: ['.github/hooks/guard.json:hooks.preToolUse[1]'],
    });
  });

  it('rejects a report with a field the schema does not describe', () => {
    const minimal = {
      dialect: 'gemini',
      event: 'BeforeTool',
      input: {},
      plan: {
        dialect: 'gemini',
        event: 'BeforeTool',
        hooksEnabled: true,
        trusted: true,
        trustedBy: 'flag',
        mode: 'parallel',
        modeBecause: 'x',
        hooks: [],
        skipped: [],
        diagnostics: [],
      },
      results: [],
      output: {},
      outcome: 'proceed',
      exitCode: 0,
      success: true,
      errors: [],
      totalDurationMs: 0,
      diagnostics: [],
      notes: [],
      verdict: { outcome: 'proceed', notRun: [] },
    };
    expect(runReportSchema.safeParse(minimal).success).toBe(true);
    expect(runReportSchema.safeParse({ ...minimal, surprise: 1 }).success).toBe(false);
  });
});
