import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../src/server/db/connection";
import { preparedQuery } from "../src/server/db/prepared-query";
import { bothEngines, openTestDatabase } from "./support/test-app";

/** Echoes its arguments and a constant back as one row, so the parameters' places show. */
const echo = preparedQuery(["word", "count"], (db, a: { word: string; count: number }) =>
  db.selectNoFrom((eb) => [
    eb.val(a.word).as("word"),
    sql<string>`${"constant"}`.as("constant"),
    // Twice, to check every place of an argument gets it.
    sql<number>`cast(${a.count} as integer) + cast(${a.count} as integer)`.as("twice"),
  ]),
);

const opened: { database: DatabaseHandle; release: () => Promise<void>; dataDir: string }[] = [];

async function open(dialect: (typeof bothEngines)[number]) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-prepared-"));
  const { database, release } = await openTestDatabase(dialect, dataDir);
  opened.push({ database, release, dataDir });
  return database;
}

afterAll(async () => {
  for (const { database, release, dataDir } of opened) {
    await database.db.destroy();
    await release();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

describe("preparedQuery", () => {
  it("runs one compiled query with each call's arguments, on every dialect and in transactions", async () => {
    // All bothEngines in one process: each gets SQL with its own placeholders.
    for (const dialect of bothEngines) {
      const { db } = await open(dialect);
      const first = await echo(db, { word: "tomato", count: 2 });
      expect(first.rows).toEqual([{ word: "tomato", constant: "constant", twice: 4 }]);
      const second = await echo(db, { word: "basil", count: 5 });
      expect(second.rows).toEqual([{ word: "basil", constant: "constant", twice: 10 }]);
      const inTransaction = await db
        .transaction()
        .execute((trx) => echo(trx, { word: "chive", count: 1 }));
      expect(inTransaction.rows).toEqual([{ word: "chive", constant: "constant", twice: 2 }]);
    }
  });

  it("refuses a query that does not take an argument as a value", async () => {
    const { db } = await open("sqlite");
    // The argument decides the query's shape instead: the compiled SQL could not take it.
    const shaped = preparedQuery(["limit", "word"], (kdb, a: { limit: number; word: string }) =>
      kdb.selectNoFrom((eb) => eb.val(a.word).as("word")).$if(a.limit > 0, (q) => q.limit(1)),
    );
    expect(() => shaped(db, { limit: 1, word: "x" })).toThrow(
      /limit not passed to the query as values/,
    );
  });
});
