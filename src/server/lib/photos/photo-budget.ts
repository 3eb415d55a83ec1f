import { LRUCache } from "lru-cache";
import { AppError } from "../../errors";

const MINUTE = 60_000;
/** Addresses remembered at once; an address forgotten early only gets its full budget back. */
const ADDRESSES_KEPT = 10_000;

interface Bucket {
  /** Photos the address may still send; below zero after an import larger than what was left. */
  left: number;
  at: number;
}

/** "40 seconds", "3 minutes". */
function wait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * The photos one client address may have decoded per minute (IDENTIFY_PER_MINUTE), shared by
 * every route that reads a photo: identify, a plant's photo, imports. A token bucket: it holds
 * `perMinute` photos and refills continuously. Each photo takes one; a request is refused (429)
 * only when less than one is left. An import takes all its photos at once and may go below zero,
 * so a backup with more photos than a minute's budget can still be restored; the address then
 * waits until the budget has refilled past one, which keeps its average at `perMinute`.
 */
export class PhotoBudget {
  private readonly buckets = new LRUCache<string, Bucket>({ max: ADDRESSES_KEPT });

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts `photos` against the address's budget, or throws 429 with Retry-After. */
  take(address: string, photos = 1): void {
    const now = this.now();
    const bucket = this.buckets.get(address);
    const refilled = bucket ? ((now - bucket.at) * this.perMinute) / MINUTE : 0;
    const left = bucket ? Math.min(this.perMinute, bucket.left + refilled) : this.perMinute;
    if (left < 1) {
      const ms = ((1 - left) * MINUTE) / this.perMinute;
      throw new AppError(
        429,
        "rate_limited",
        `${this.perMinute} photos a minute can be identified, added to plants or imported from ` +
          `one address: try the next one in ${wait(ms)}.`,
        undefined,
        { "retry-after": String(Math.max(1, Math.ceil(ms / 1000))) },
      );
    }
    const after = left - photos;
    // Kept until full again: a full bucket is the same as none.
    const ttl = Math.ceil(((this.perMinute - after) * MINUTE) / this.perMinute);
    this.buckets.set(address, { left: after, at: now }, { ttl: Math.max(1, ttl) });
  }
}
