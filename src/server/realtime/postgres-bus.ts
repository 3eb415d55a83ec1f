import { type Kysely, sql } from "kysely";
import type pg from "pg";
import type { Logger } from "pino";
import type { Database } from "../db/schema";
import { type ChangeBus, isChangeEvent, isLiveChange, LocalFanout } from "./bus";
import type { EventLog } from "./event-log";

const RECONNECT_MS = 2000;

/**
 * Several app instances on one PostgreSQL database: every change goes out with NOTIFY and comes
 * back to each instance (this one included) through its LISTEN connection, which then delivers it
 * to that instance's open streams. The channel is per schema, so databases holding several
 * Tendril schemas keep their events apart. PostgreSQL keeps no notifications for a connection
 * that is gone, so while the LISTEN connection is down (or not yet up) the bus is not `listening`.
 *
 * A live change is logged and notified in one transaction, the instances taking turns (an
 * advisory lock per schema): `seq` values then commit in order, and PostgreSQL delivers
 * notifications in commit order, so every stream hears changes in the order of their ids and a
 * stream resuming after id N has missed nothing numbered below N.
 */
export async function createPostgresBus(
  pool: pg.Pool,
  db: Kysely<Database>,
  events: EventLog,
  log: Logger,
): Promise<ChangeBus> {
  const fanout = new LocalFanout(await events.last(), false);
  const schema =
    (await pool.query<{ schema: string }>("select current_schema() as schema")).rows[0]?.schema ??
    "public";
  const channel = `tendril_changes_${schema}`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
  const turn = `tendril-live-events:${schema}`;
  let listener: pg.PoolClient | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    let client: pg.PoolClient | undefined;
    let released = false;
    // A connection that failed (its error event, or the LISTEN query refused) goes back to the
    // pool destroyed, once: a second release throws, and none would leak it.
    const drop = (lost: pg.PoolClient) => {
      if (released) return;
      released = true;
      lost.release(true);
    };
    try {
      const connected = await pool.connect();
      client = connected;
      connected.on("notification", (message) => {
        try {
          const event: unknown = JSON.parse(message.payload ?? "");
          if (isChangeEvent(event)) fanout.deliver(event);
        } catch (err) {
          log.warn({ err }, "ignored a malformed change notification");
        }
      });
      connected.on("error", (err) => {
        log.error({ err }, "change listener lost its connection; reconnecting");
        drop(connected);
        if (listener === connected) listener = undefined;
        fanout.setListening(false);
        scheduleReconnect();
      });
      await connected.query(`listen ${channel}`);
      listener = connected;
      fanout.setListening(true);
    } catch (err) {
      log.error({ err }, "could not listen for changes; retrying");
      if (client) drop(client);
      scheduleReconnect();
    }
  };
  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
  };

  await connect();

  return {
    async publish(event) {
      if (!isLiveChange(event)) {
        await pool.query("select pg_notify($1, $2)", [channel, JSON.stringify(event)]);
        return;
      }
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${turn}))`.execute(trx);
        const seq = await events.append(event, trx);
        await sql`select pg_notify(${channel}, ${JSON.stringify({ ...event, seq })})`.execute(trx);
      });
    },
    subscribe: (userId, fn) => fanout.subscribe(userId, fn),
    subscribeAll: (fn) => fanout.subscribeAll(fn),
    get listening() {
      return fanout.listening;
    },
    subscribeListening: (fn) => fanout.subscribeListening(fn),
    get position() {
      return fanout.position;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (listener) {
        await listener.query(`unlisten ${channel}`).catch(() => {});
        listener.release();
        listener = undefined;
      }
    },
  };
}
