import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/connection";
import { type ChangeBus, createInProcessBus } from "./bus";
import { createPostgresBus } from "./postgres-bus";

/** SQLite means one process; PostgreSQL may mean several instances, so changes go through it. */
export function createChangeBus(
  database: DatabaseHandle,
  log: Logger,
): Promise<ChangeBus> | ChangeBus {
  return database.pool ? createPostgresBus(database.pool, log) : createInProcessBus();
}
