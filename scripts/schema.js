// Regenerates schema/*.schema.json from the zod schemas, through the built CLI (run `npm run schema`).
// test/schema/schema.test.ts fails when a committed file differs from what this writes.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';

await mkdir('schema', { recursive: true });
for (const name of ['settings', 'report', 'fixture', 'verdict']) {
  const text = execFileSync(process.execPath, ['bin/hookrun.js', 'schema', name], { encoding: 'utf8' });
  await writeFile(`schema/${name}.schema.json`, text);
  console.log(`wrote schema/${name}.schema.json`);
}
