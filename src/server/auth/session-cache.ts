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
 * about a millisecond, more than the rest of a typical API request. Sign-out on this instance
 * evicts at once; a session revoked elsewhere is trusted here for at most the TTL.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

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

  set(token: string, user: SessionUser, sessionExpiresAt: number): void {
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
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The session token cookie's value (token and signature), or undefined. */
export function sessionTokenFrom(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? SESSION_COOKIE.exec(cookieHeader)?.[1] : undefined;
}
