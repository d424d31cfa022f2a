import { describe, expect, it } from 'vitest';
import { addEventNameHints, suggestEventName } from '../../../../src/dialects/gemini/settings/event-hint.js';
import { registerHooks, slotsFromObject } from '../../../../src/dialects/gemini/settings/registry.js';

describe('suggestEventName', () => {
  it.each([
    ['PreToolUse', 'BeforeTool', "Claude Code's name"],
    ['PostToolUse', 'AfterTool', "Claude Code's name"],
    ['UserPromptSubmit', 'BeforeAgent', "Claude Code's name"],
    ['Stop', 'AfterAgent', "Claude Code's name"],
    ['SubagentStop', 'AfterAgent', "Claude Code's name"],
    ['PreCompact', 'PreCompress', "Claude Code's name"],
    ['preToolUse', 'BeforeTool', "Kiro CLI's name"],
    ['postToolUse', 'AfterTool', "Kiro CLI's name"],
    ['userPromptSubmit', 'BeforeAgent', "Kiro CLI's name"],
    ['agentSpawn', 'SessionStart', "Kiro CLI's name"],
    ['stop', 'AfterAgent', "Kiro CLI's name"],
    ['beforetool', 'BeforeTool', 'case-sensitive'],
    ['BeforeTol', 'BeforeTool', 'closest'],
    ['SessionStrat', 'SessionStart', 'closest'],
  ])('%s → %s', (key, name, because) => {
    const suggestion = suggestEventName(key);
    expect(suggestion?.name).toBe(name);
    expect(suggestion?.because).toContain(because);
  });

  it.each(['Nope', 'InvalidEvent', 'x'])('suggests nothing for %s', (key) => {
    expect(suggestEventName(key)).toBeUndefined();
  });

  it('puts the suggestion in the registry warning that run prints', () => {
    const locate = () => undefined;
    const { diagnostics } = registerHooks({ slots: slotsFromObject({ PreToolUse: [] }, 'workspace', locate), source: 'project', disabled: [] });
    addEventNameHints(diagnostics);
    expect(diagnostics[0]!.message).toBe('Invalid hook event name: "PreToolUse" from project config. Skipping. ("PreToolUse" is Claude Code\'s name: did you mean "BeforeTool"?)');
  });
});
