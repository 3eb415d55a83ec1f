import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../db/schema";

/** better-auth's `rateLimit` table (migrations/0001), which our Database type leaves out. */
interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: number;
}

interface Rule {
  /** Seconds. */
  window: number;
  max: number;
}

const PRUNE_EVERY_MS = 5 * 60_000;
/** better-auth's own rules (sign-in, reset requests) use windows of up to a minute. */
const BETTER_AUTH_LONGEST_WINDOW_SECONDS = 60;

/**
 * better-auth's rate-limit storage, kept in its `rateLimit` table so every instance shares the
 * counts. Unlike better-auth's database storage it keys a request by the address and the route
 * it matched ("/reset-password/:token"), never by the raw path, so a row stays small and each
 * address holds at most one row per route; each request costs one statement (an upsert); and
 * rows whose window has passed are deleted every few minutes, as nothing else would remove them.
 */
export class AuthRateLimitStore {
  private readonly db: Kysely<Database & { rateLimit: RateLimitTable }>;
  private longestWindowSeconds: number;
  private timer: NodeJS.Timeout | undefined;
  private pruning: Promise<void> | undefined;

  /**
   * @param routeOf the declared route of a path under the base path (undefined when unknown)
   * @param windowSeconds the longest window our own rules use
   */
  constructor(
    db: Kysely<Database>,
    private readonly routeOf: (path: string) => string | undefined,
    windowSeconds: number,
  ) {
    this.db = db.withTables<{ rateLimit: RateLimitTable }>();
    this.longestWindowSeconds = Math.max(windowSeconds, BETTER_AUTH_LONGEST_WINDOW_SECONDS);
  }

  /** better-auth's key is "ip|path"; ours is "ip|route". */
  private boundedKey(key: string): string {
    const bar = key.indexOf("|");
    const ip = key.slice(0, bar);
    const path = key.slice(bar + 1);
    return `${ip}|${this.routeOf(path) ?? "(other)"}`;
  }

  /** Counts one request against its key in one atomic step (better-auth's rolling window). */
  consume = async (key: string, rule: Rule) => {
    this.longestWindowSeconds = Math.max(this.longestWindowSeconds, rule.window);
    const now = Date.now();
    const windowStart = now - rule.window * 1000;
    const row = await this.db
      .insertInto("rateLimit")
      .values({ id: randomUUID(), key: this.boundedKey(key), count: 1, lastRequest: now })
      .onConflict((conflict) =>
        conflict.column("key").doUpdateSet((eb) => {
          const windowPassed = eb("rateLimit.lastRequest", "<=", windowStart);
          return {
            // Past the limit the count stops at max + 1, which is all a refusal needs.
            count: eb
              .case()
              .when(windowPassed)
              .then(1)
              .when("rateLimit.count", ">", rule.max)
              .then(eb.ref("rateLimit.count"))
              .else(eb("rateLimit.count", "+", 1))
              .end(),
            // Only an allowed request moves the window on, as in better-auth's own storage.
            lastRequest: eb
              .case()
              .when(eb.or([windowPassed, eb("rateLimit.count", "<", rule.max)]))
              .then(now)
              .else(eb.ref("rateLimit.lastRequest"))
              .end(),
          };
        }),
      )
      .returning(["count", "lastRequest"])
      .executeTakeFirstOrThrow();
    if (Number(row.count) <= rule.max) return { allowed: true, retryAfter: null };
    const retryAfter = Math.ceil((Number(row.lastRequest) + rule.window * 1000 - now) / 1000);
    return { allowed: false, retryAfter: Math.max(1, retryAfter) };
  };

  /** Deletes the rows whose longest window has passed: they would count for nothing. */
  async prune(now = Date.now()): Promise<void> {
    await this.db
      .deleteFrom("rateLimit")
      .where("lastRequest", "<", now - this.longestWindowSeconds * 1000)
      .execute();
  }

  /** Prunes every few minutes in this instance; the timer never keeps the process alive. */
  startPruning(log: Logger): void {
    this.timer = setInterval(() => {
      this.pruning ??= this.prune()
        .catch((err: unknown) => log.warn({ err }, "could not prune auth rate limits"))
        .finally(() => {
          this.pruning = undefined;
        });
    }, PRUNE_EVERY_MS);
    this.timer.unref();
  }

  /** Stops the timer and waits for a prune still under way. */
  async stopPruning(): Promise<void> {
    clearInterval(this.timer);
    await this.pruning;
  }
}
