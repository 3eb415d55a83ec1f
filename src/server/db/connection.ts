import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";
import { withStatementCache } from "./statement-cache";

export type Dialect = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Present on PostgreSQL: realtime needs a pool of its own for LISTEN. */
  pool?: pg.Pool;
  /** Present on SQLite: better-auth is handed the same connection. */
  sqlite?: SqliteDatabase.Database;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to use instead of public (the benches isolate themselves with one). */
  pgSchema?: string | undefined;
  /** More PostgreSQL settings for every connection (tests name theirs, or shorten timeouts). */
  pgSettings?: Record<string, string> | undefined;
  /** Where a lost PostgreSQL connection is reported; the app passes its logger. */
  log?: ConnectionLog | undefined;
}

/** What the pool needs of a logger (pino's fits). */
export interface ConnectionLog {
  warn(details: object, message: string): void;
}

/** How long opening a PostgreSQL connection may take before it fails (start-up included). */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Gives up connecting after CONNECT_TIMEOUT_MS, so an unreachable host fails start-up (or a
 * request) instead of hanging. On the client, not the pool: the pool's option of that name would
 * also fail requests that wait for a free connection under load.
 */
class ClientThatGivesUp extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

const consoleLog: ConnectionLog = {
  warn: (details, message) => console.warn(message, details),
};

// int8 (count(*), sums) arrives as a string by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** The SQLite database file in a data folder: the server's, and what admin backup and restore use. */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, "tendril.sqlite");
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const settings = {
      ...(options.pgSchema ? { search_path: options.pgSchema } : {}),
      ...options.pgSettings,
    };
    const startup = Object.entries(settings)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(" ");
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      Client: ClientThatGivesUp,
      ...(startup ? { options: startup } : {}),
    });
    keepServingWhenConnectionsDie(pool, options.log ?? consoleLog);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: "postgres",
      pool,
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(sqliteFile(options.dataDir));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    }),
    dialect: "sqlite",
    sqlite,
  };
}

/**
 * pg emits 'error' on a client whose backend ends (a PostgreSQL restart or failover,
 * pg_terminate_backend, idle_session_timeout, a firewall or pooler closing idle connections), and
 * an 'error' nobody listens to ends the process. The pool already drops such a client: an idle one
 * at once (and then emits 'error' on the pool too), a checked-out one when it is released, since it
 * is no longer queryable. A query in flight fails on its own and its request answers through the
 * error handler. So each client gets listeners for its whole life (Kysely adds none to the clients
 * it checks out), and each lost connection one warning.
 */
function keepServingWhenConnectionsDie(pool: pg.Pool, log: ConnectionLog): void {
  pool.on("connect", (client) => {
    client.once("error", (err: Error & { code?: string }) => {
      // Only what happened: the error can reach the client and so the connection settings.
      log.warn(
        { reason: err.message, ...(err.code ? { code: err.code } : {}) },
        "lost a PostgreSQL connection; the pool opens a new one when it needs one",
      );
    });
    // The socket closing after the server's own message is a second 'error' that adds nothing.
    client.on("error", () => {});
  });
  // Already logged by the client's listener above.
  pool.on("error", () => {});
}
