// The GitHub Copilot CLI docs-based cases (agents-cases.json, `copilot-`) that a case from the real Copilot
// CLI 1.0.102 (real-agents-cases.json) contradicts: id → the overruling real-agent case's id. Every replay
// of agents-cases.json leaves them out and says why; the shared case files are not edited.
export const COPILOT_SUPERSEDED: Readonly<Record<string, string>> = {
  // The binary runs .github/hooks/*.json in reverse alphabetical order and stops at the first deny:
  // b-security.json denies before a-audit.json would run.
  'copilot-several-files-in-github-hooks': 'copilot-real-order-hook-files-reverse-alphabetical',
  // The user's hook file runs first; its deny is the first deny, and the repository's hook after it never runs.
  'copilot-layers-user-and-repo-all-run': 'copilot-real-order-hook-files-reverse-alphabetical',
};
