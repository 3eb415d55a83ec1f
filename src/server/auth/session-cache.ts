import { LRUCache } from "lru-cache";
import type { SessionUser } from "./session";

/** How long a verified session token is trusted without asking better-auth again. */
export const SESSION_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  until: number;
}

/**
 * Verified session tokens, kept briefly in memory: checking a session through better-auth costs
 * about a millisecond, more than the rest of a typical API request. Ending a user's sessions
 * (sign-out, revocation, password reset) evicts them on every instance through the change bus;
 * the TTL only bounds how long a session that simply expired in the database is still trusted.
 * Bounded by count and by time: an entry leaves at its TTL whether or not its token comes back
 * (a burst of sign-ins must not hold memory until 10,000 more arrive). While the bus cannot bring
 * those evictions (its LISTEN connection is down) the cache is suspended: it keeps nothing, so a
 * sign-out on another instance in the gap is seen at once.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, Entry>;
  /** Each user whose sessions were ended, with the clock tick when it happened. */
  private readonly endedAt: LRUCache<string, number>;
  /** The latest tick forgotten from `endedAt` to keep it bounded. */
  private forgottenTick = 0;
  private tick = 0;
  private suspended = false;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly now = () => Date.now(),
    maxEntries = MAX_ENTRIES,
  ) {
    this.entries = new LRUCache({ max: maxEntries, ttlAutopurge: true, perf: { now } });
    this.endedAt = new LRUCache({
      max: maxEntries,
      dispose: (tick, _userId, reason) => {
        if (reason === "evict") this.forgottenTick = Math.max(this.forgottenTick, tick);
      },
    });
  }

  /** How many sessions are cached (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /** How many users' ended-at ticks are remembered. */
  get endedUsers(): number {
    return this.endedAt.size;
  }

  get(token: string): SessionUser | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.user;
  }

  /** Take before verifying a session; `set` refuses the result if the user's sessions ended since. */
  mark(): number {
    return this.tick;
  }

  set(token: string, user: SessionUser, sessionExpiresAt: number, verifiedSince = this.tick): void {
    if (this.suspended) return;
    // A verification older than a forgotten tick may predate that user's sign-out: not trusted.
    if (verifiedSince < this.forgottenTick) return;
    if ((this.endedAt.get(user.id) ?? -1) > verifiedSince) return;
    const now = this.now();
    const until = Math.min(now + this.ttlMs, sessionExpiresAt);
    if (until <= now) return;
    this.entries.set(token, { user, until }, { ttl: until - now });
  }

  delete(token: string): void {
    this.entries.delete(token);
  }

  /** Forgets every cached session of the user, and any verification of them still in flight. */
  deleteUser(userId: string): void {
    this.tick += 1;
    this.endedAt.set(userId, this.tick);
    const tokens = [...this.entries.entries()]
      .filter(([, entry]) => entry.user.id === userId)
      .map(([token]) => token);
    for (const token of tokens) this.entries.delete(token);
  }

  /**
   * Forgets every session and keeps none until `resume`: a session ended elsewhere may go
   * unheard. A verification still in flight predates this tick, so `set` refuses it.
   */
  suspend(): void {
    this.suspended = true;
    this.tick += 1;
    this.forgottenTick = this.tick;
    this.entries.clear();
  }

  resume(): void {
    this.suspended = false;
  }
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The session token cookie's value (token and signature), or undefined. */
export function sessionTokenFrom(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? SESSION_COOKIE.exec(cookieHeader)?.[1] : undefined;
}
