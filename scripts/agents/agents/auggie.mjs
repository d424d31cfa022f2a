// Augment Auggie (@augmentcode/auggie): installed and pinned, not compared: hookrun has no auggie dialect, and its
// fake backend is Augment's own NDJSON chat stream (shared/spec/real-agents/copilot-droid-auggie.md §3).
export default {
  name: 'auggie',
  dialect: 'auggie',
  runnable: false,
  notRunnable: 'hookrun has no auggie dialect to compare with (the agent is installed and pinned for when it has)',
};
