// Factory Droid (@factory/cli-linux-x64): installed and pinned, not compared: hookrun has no droid dialect, so a
// derived case could not be replayed (shared/spec/real-agents/copilot-droid-auggie.md §2 has how it was driven).
export default {
  name: 'droid',
  dialect: 'droid',
  runnable: false,
  notRunnable: 'hookrun has no droid dialect to compare with (the agent is installed and pinned for when it has)',
};
