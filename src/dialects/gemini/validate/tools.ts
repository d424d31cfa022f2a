// Tool names a BeforeTool/AfterTool matcher is tested against. Gemini CLI's built-in tools
// (packages/core/src/tools/definitions/base-declarations.ts and tool-names.ts, ALL_BUILTIN_TOOL_NAMES)
// plus the built-in subagents, which are called like tools. MCP tools are `mcp_<server>_<tool>`;
// tools from a discovery command are `discovered_tool_<name>`. A matcher aimed at those is fine.
import { nearest } from '../../../render/near-miss.js';
import { type AgentName, MIGRATION_AGENTS, toolNames, VOCABULARY } from '../../../migrate/lookup.js';

export const GEMINI_TOOLS: readonly string[] = [
  'glob',
  'grep_search',
  'list_directory',
  'read_file',
  'read_many_files',
  'run_shell_command',
  'write_file',
  'replace',
  'google_web_search',
  'web_fetch',
  'write_todos',
  'save_memory',
  'get_internal_docs',
  'activate_skill',
  'ask_user',
  'enter_plan_mode',
  'exit_plan_mode',
  'update_topic',
  'tracker_create_task',
  'tracker_update_task',
  'tracker_get_task',
  'tracker_list_tasks',
  'tracker_add_dependency',
  'tracker_visualize',
  'codebase_investigator',
  'cli_help',
];

/** Names that are not another agent's tool of the same kind, with the Gemini tool people mean by them. */
const OTHER_NAMES: Readonly<Record<string, { tool: string; from: string }>> = {
  Task: { tool: 'codebase_investigator', from: 'Claude Code' },
  ls: { tool: 'list_directory', from: "Gemini CLI's Claude migration" },
  search_file_content: { tool: 'grep_search', from: 'an older Gemini CLI (renamed)' },
};

/** Other agents' tool names with the Gemini tool they correspond to, from the one vocabulary (src/dialects/vocabularies.ts). */
const FOREIGN_TOOLS: Readonly<Record<string, { tool: string; from: string }>> = (() => {
  const out: Record<string, { tool: string; from: string }> = {};
  // Claude Code and Kiro CLI first: a name two agents share is attributed to the first.
  for (const agent of ['claude', 'kiro', ...MIGRATION_AGENTS.filter((a) => a !== 'gemini' && a !== 'claude' && a !== 'kiro')] as AgentName[]) {
    for (const [name, canonical] of Object.entries(VOCABULARY[agent].tools)) {
      if (Object.hasOwn(out, name) || Object.hasOwn(VOCABULARY.gemini.tools, name)) continue;
      const tool = canonical.flatMap((c) => toolNames('gemini', c))[0];
      if (tool) out[name] = { tool, from: VOCABULARY[agent].label };
    }
  }
  return { ...out, ...OTHER_NAMES };
})();

/** True when a pattern is written for MCP or discovered tools, whose names hookrun cannot know. */
export function aimsAtDynamicTools(pattern: string): boolean {
  return /mcp|discovered_tool/i.test(pattern);
}

/** The Gemini tool someone most likely meant by `word`, with why. */
export function suggestTool(word: string): { tool: string; because: string } | undefined {
  if (Object.hasOwn(FOREIGN_TOOLS, word)) {
    const { tool, from } = FOREIGN_TOOLS[word]!;
    return { tool, because: `"${word}" is ${from}'s name` };
  }
  const near = nearest(word, GEMINI_TOOLS);
  return near ? { tool: near, because: 'closest built-in tool name' } : undefined;
}
