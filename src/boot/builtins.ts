// Start-up tricks for two built-ins every event may need: a random UUID (a session id the caller did not
// give) and an ISO timestamp. Node's own ways cost a short run more than the event does; these give the
// same values without that cost. Any dialect that fills such a field uses them.
import fs from 'node:fs';

let uuids = 0;

/**
 * A random (version 4) UUID, as crypto.randomUUID makes for Gemini's session ids. The first one of a
 * process takes its 16 random bytes from /dev/urandom where there is one: node:crypto costs a run ~3 ms
 * to load. A process that asks again (`serve`, the library) is resident, and crypto.randomUUID, which
 * draws from a buffer it refills, saves it three system calls per event.
 */
export function randomUuid(): string {
  if (uuids++ > 0) return process.getBuiltinModule('node:crypto').randomUUID();
  const bytes = Buffer.alloc(16);
  try {
    const fd = fs.openSync('/dev/urandom', 'r');
    try {
      if (fs.readSync(fd, bytes, 0, 16, null) !== 16) throw new Error('short read');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return process.getBuiltinModule('node:crypto').randomUUID();
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `date.toISOString()`, read from the UTC fields: the first toISOString of a process makes V8 load the
 * local time zone (/etc/localtime through ICU, ~0.7 ms of every event) that a UTC string never uses.
 * Years outside 0–9999 (written with a sign and six digits) are left to toISOString.
 */
export function isoTimestamp(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return date.toISOString();
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  const ms = date.getUTCMilliseconds();
  return (
    `${String(year).padStart(4, '0')}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}` +
    `T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}.${String(ms).padStart(3, '0')}Z`
  );
}
