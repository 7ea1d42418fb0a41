/**
 * The server's clock as seen through its `Date` response header (§7). Signatures carry `t` in
 * the server's time, so a client whose clock is off by minutes still signs fresh requests.
 */
let offsetMs = 0;

/** `Date` has one-second resolution; the server's real time lies within the second after it. */
const HALF_SECOND = 500;

export function recordServerDate(dateHeader: string | null, receivedAt = Date.now()): void {
  if (!dateHeader) return;
  const serverMs = Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return;
  offsetMs = serverMs + HALF_SECOND - receivedAt;
}

/** Now, in the server's clock (epoch ms). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

export function serverOffsetMs(): number {
  return offsetMs;
}
