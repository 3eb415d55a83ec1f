import type { Kysely, Transaction } from "kysely";
import type { Logger } from "pino";
import type { ChangeType } from "../../core/live-events";
import type { Database } from "../db/schema";

/** How long a live change stays replayable: a dropped network or a restarted server is back well within it. */
export const BACKLOG_MS = 10 * 60_000;
/** A stream further behind than this many of its user's changes is told to reset instead. */
export const REPLAY_LIMIT = 500;
const PRUNE_EVERY_MS = 60_000;

type Executor = Kysely<Database> | Transaction<Database>;

/** A logged change as a stream sends it: `seq` is its `id:` line. */
export interface LoggedChange {
  seq: number;
  type: ChangeType;
  id: string;
}

/**
 * What a stream resuming after `seq` is sent: the user's changes since (oldest first), or, when
 * some of them can no longer be known (pruned, or an id this database never gave), a reset.
 * `position` is where the stream then stands: every change up to it has been sent or covered.
 */
export type Replay =
  | { reset: false; changes: LoggedChange[]; position: number }
  | { reset: true; position: number };

/**
 * The `live_events` table (migration 0021): every live change of the last BACKLOG_MS, numbered
 * by one counter for all instances. The newest row is never pruned, so the lowest `seq` kept
 * always says where the backlog begins.
 */
export class EventLog {
  private timer: ReturnType<typeof setInterval> | undefined;
  private pruning: Promise<unknown> | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  /** Records the change (in `executor`'s transaction, when given) and returns its `seq`. */
  async append(
    change: { userId: string; type: ChangeType; id: string },
    executor: Executor = this.db,
  ): Promise<number> {
    const row = await executor
      .insertInto("live_events")
      .values({
        user_id: change.userId,
        type: change.type,
        record_id: change.id,
        created_at: new Date().toISOString(),
      })
      .returning("seq")
      .executeTakeFirstOrThrow();
    return Number(row.seq);
  }

  /** The newest `seq` committed (0 before the first change): no change up to it is unknown. */
  async last(): Promise<number> {
    const row = await this.db
      .selectFrom("live_events")
      .select((eb) => eb.fn.max("seq").as("last"))
      .executeTakeFirst();
    return Number(row?.last ?? 0);
  }

  /** The user's changes after `after`, or a reset (see Replay). */
  async replay(userId: string, after: number): Promise<Replay> {
    // Read before the changes: every change up to `last` is committed, so it is in the rows below
    // or was never this user's; a later one reaches the stream live.
    const last = await this.last();
    if (after > last) return { reset: true, position: last };
    const rows = await this.db
      .selectFrom("live_events")
      .select(["seq", "type", "record_id"])
      .where("user_id", "=", userId)
      .where("seq", ">", after)
      .orderBy("seq")
      .limit(REPLAY_LIMIT + 1)
      .execute();
    // Read after the changes: a prune that ran before or while they were read shows here.
    const first = await this.db
      .selectFrom("live_events")
      .select((eb) => eb.fn.min("seq").as("first"))
      .executeTakeFirst();
    const kept = Number(first?.first ?? 0);
    if (rows.length > REPLAY_LIMIT || (kept > 0 && after < kept - 1)) {
      return { reset: true, position: last };
    }
    const changes = rows.map((row) => ({
      seq: Number(row.seq),
      type: row.type as ChangeType,
      id: row.record_id,
    }));
    return { reset: false, changes, position: Math.max(last, changes.at(-1)?.seq ?? 0) };
  }

  /** Forgets changes older than BACKLOG_MS, oldest first, all but the newest. */
  async prune(now = new Date()): Promise<void> {
    const cutoff = new Date(now.getTime() - BACKLOG_MS).toISOString();
    const old = await this.db
      .selectFrom("live_events")
      .select((eb) => eb.fn.max("seq").as("seq"))
      .where("created_at", "<", cutoff)
      .executeTakeFirst();
    const through = Math.min(Number(old?.seq ?? 0), (await this.last()) - 1);
    if (through <= 0) return;
    await this.db.deleteFrom("live_events").where("seq", "<=", through).execute();
  }

  startPruning(log: Logger): void {
    this.timer = setInterval(() => {
      this.pruning ??= this.prune()
        .catch((err: unknown) => log.warn({ err }, "could not prune the live-change backlog"))
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
