import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/connection";
import { type ChangeBus, createInProcessBus } from "./bus";
import type { EventLog } from "./event-log";
import { createPostgresBus } from "./postgres-bus";

/** SQLite means one process; PostgreSQL may mean several instances, so changes go through it. */
export function createChangeBus(
  database: DatabaseHandle,
  events: EventLog,
  log: Logger,
): Promise<ChangeBus> {
  return database.pool
    ? createPostgresBus(database.pool, database.db, events, log)
    : createInProcessBus(events);
}
