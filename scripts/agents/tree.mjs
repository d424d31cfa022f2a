// A case's files under a folder, `@ROOT@` in names and contents replaced by the run's root; a `#!` file is
// made executable. Shared by the agent run and hookrun's replay of the same scenario.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const substitute = (text, root) => text.replaceAll('@ROOT@', root);

export async function writeTree(base, files, root) {
  for (const [relative, content] of Object.entries(files ?? {})) {
    const file = path.join(base, substitute(relative, root));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, substitute(content, root), { mode: content.startsWith('#!') ? 0o755 : 0o644 });
  }
}
