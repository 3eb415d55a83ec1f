import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { IDEMPOTENCY_KEY_HOURS } from "../../../core/idempotency";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { deleteClaim, deleteKeysBefore, findKey, insertClaim, storeAnswer } from "./repository";

const HOUR_MS = 3_600_000;
const KEEP_MS = IDEMPOTENCY_KEY_HOURS * HOUR_MS;
/** A repeat waits this long for the first request to finish before it is told to try again. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
/**
 * A claim with no answer after this long belongs to a request that will never finish (its
 * instance stopped mid-way): a create takes milliseconds, so the key is free again.
 */
const ABANDONED_MS = 2 * 60_000;

/** A request that holds its key while it runs: its answer is kept, or the key given back. */
export interface Claim {
  userId: string;
  key: string;
  createdAt: string;
}

export type ClaimOutcome = { claim: Claim } | { replay: { statusCode: number; body: string } };

/** What identifies a request for its key: the same key with anything else is a mistake. */
export function fingerprintOf(method: string, url: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
}

const reused = () =>
  new AppError(
    422,
    "idempotency_key_reused",
    "This Idempotency-Key was already used for a different request. Send a new key with each new request.",
  );

const inProgress = () =>
  new AppError(
    409,
    "request_in_progress",
    "A request with this Idempotency-Key is still being handled. Send it again in a moment.",
    undefined,
    { "retry-after": "1" },
  );

/**
 * Idempotent creates (docs/decisions.md "Idempotent creates"): the first request with a key
 * claims it and runs; a repeat gets the first one's answer, or waits while that one still runs.
 * Everything is in the database, so repeats on other instances are answered the same way.
 */
export class IdempotencyService {
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Logger,
    /** WAIT_MS; tests of the wait pass less. */
    private readonly waitMs = WAIT_MS,
  ) {}

  async claim(userId: string, key: string, fingerprint: string): Promise<ClaimOutcome> {
    await this.sweep();
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      const createdAt = new Date().toISOString();
      if (
        await insertClaim(this.db, { user_id: userId, key, fingerprint, created_at: createdAt })
      ) {
        return { claim: { userId, key, createdAt } };
      }
      const row = await findKey(this.db, userId, key);
      // Given back meanwhile (the first request failed): claim it again.
      if (!row) continue;
      const age = Date.now() - Date.parse(row.created_at);
      if (age >= (row.status_code === null ? ABANDONED_MS : KEEP_MS)) {
        await deleteClaim(this.db, userId, key, row.created_at);
        continue;
      }
      if (row.fingerprint !== fingerprint) throw reused();
      if (row.status_code !== null && row.body !== null) {
        return { replay: { statusCode: row.status_code, body: row.body } };
      }
      if (Date.now() >= deadline) throw inProgress();
      await sleep(POLL_MS);
    }
  }

  /** The claimed request succeeded: its answer is what repeats get. */
  finish(claim: Claim, statusCode: number, body: string): Promise<void> {
    return storeAnswer(this.db, claim.userId, claim.key, statusCode, body);
  }

  /** The claimed request failed: nothing was made, so the key may be sent again. */
  release(claim: Claim): Promise<void> {
    return deleteClaim(this.db, claim.userId, claim.key, claim.createdAt);
  }

  /**
   * Forgets keys older than a day, at most once an hour per instance, on the way into a keyed
   * request: no timer to stop, and nothing to do on a server nobody sends keys to.
   */
  private async sweep(now = Date.now()): Promise<void> {
    if (now - this.lastSweep < HOUR_MS) return;
    this.lastSweep = now;
    try {
      await deleteKeysBefore(this.db, new Date(now - KEEP_MS).toISOString());
    } catch (err) {
      this.log.warn({ err }, "could not sweep old idempotency keys");
    }
  }
}
