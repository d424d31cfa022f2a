// Tool names a BeforeTool/AfterTool matcher is tested against. Gemini CLI's built-in tools
// (packages/core/src/tools/definitions/base-declarations.ts and tool-names.ts, ALL_BUILTIN_TOOL_NAMES)
// plus the built-in subagents, which are called like tools. MCP tools are `mcp_<server>_<tool>`;
// tools from a discovery command are `discovered_tool_<name>`. A matcher aimed at those is fine.
import { nearest } from '../settings/names.js';

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

/** Other agents' tool names (and Gemini's own former names) with the Gemini tool they correspond to. */
const FOREIGN_TOOLS: Readonly<Record<string, { tool: string; from: string }>> = {
  Bash: { tool: 'run_shell_command', from: 'Claude Code' },
  Edit: { tool: 'replace', from: 'Claude Code' },
  MultiEdit: { tool: 'replace', from: 'Claude Code' },
  Write: { tool: 'write_file', from: 'Claude Code' },
  Read: { tool: 'read_file', from: 'Claude Code' },
  Glob: { tool: 'glob', from: 'Claude Code' },
  Grep: { tool: 'grep_search', from: 'Claude Code' },
  LS: { tool: 'list_directory', from: 'Claude Code' },
  WebFetch: { tool: 'web_fetch', from: 'Claude Code' },
  WebSearch: { tool: 'google_web_search', from: 'Claude Code' },
  TodoWrite: { tool: 'write_todos', from: 'Claude Code' },
  Task: { tool: 'codebase_investigator', from: 'Claude Code' },
  fs_read: { tool: 'read_file', from: 'Kiro CLI' },
  fs_write: { tool: 'write_file', from: 'Kiro CLI' },
  execute_bash: { tool: 'run_shell_command', from: 'Kiro CLI' },
  read: { tool: 'read_file', from: 'Kiro CLI' },
  write: { tool: 'write_file', from: 'Kiro CLI' },
  shell: { tool: 'run_shell_command', from: 'Kiro CLI' },
  ls: { tool: 'list_directory', from: 'Gemini CLI\'s Claude migration' },
  search_file_content: { tool: 'grep_search', from: 'an older Gemini CLI (renamed)' },
};

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
