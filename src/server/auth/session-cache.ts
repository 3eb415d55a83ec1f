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
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Each user whose sessions were ended, with the clock tick when it happened. */
  private readonly endedAt = new Map<string, number>();
  private tick = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly now = () => Date.now(),
  ) {}

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
    if ((this.endedAt.get(user.id) ?? -1) > verifiedSince) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Map keeps insertion order: the first key is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { user, until: Math.min(this.now() + this.ttlMs, sessionExpiresAt) });
  }

  delete(token: string): void {
    this.entries.delete(token);
  }

  /** Forgets every cached session of the user, and any verification of them still in flight. */
  deleteUser(userId: string): void {
    this.tick += 1;
    if (this.endedAt.size >= MAX_ENTRIES) this.endedAt.clear();
    this.endedAt.set(userId, this.tick);
    for (const [token, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(token);
    }
  }
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The session token cookie's value (token and signature), or undefined. */
export function sessionTokenFrom(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? SESSION_COOKIE.exec(cookieHeader)?.[1] : undefined;
}
