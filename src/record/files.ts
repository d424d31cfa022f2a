// Writing a file the user owns: never half-written (temp file in the same folder, then rename),
// keeping its permission bits.
import { randomBytes } from 'node:crypto';
import { chmod, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function writeFileAtomic(file: string, content: string, mode?: number): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.hookrun-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temp, content, { flag: 'wx', mode: mode ?? 0o644 });
    // The umask may have cleared bits of `mode`; set them exactly.
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
