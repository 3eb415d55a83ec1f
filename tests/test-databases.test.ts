import type pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { SCHEMA_FINGERPRINT, withConnection } from "./support/postgres-admin";
import { createDatabase } from "./support/test-database";

const url = process.env.TEST_DATABASE_URL ?? "";

/** The database's identity across renames (a given-back database is renamed, then claimed). */
const oidOf = (databaseUrl: string) =>
  withConnection(databaseUrl, async (client) => {
    const { rows } = await client.query<{ oid: number }>(
      "select oid::int as oid from pg_database where datname = current_database()",
    );
    return rows[0]?.oid;
  });

const stillThere = async (oid: number | undefined) =>
  withConnection(url, async (client) => {
    const { rows } = await client.query("select 1 from pg_database where oid = $1", [oid]);
    return rows.length > 0;
  });

/** The test databases themselves: a test must never see what an earlier test left. */
describe.runIf(process.env.TEST_DATABASE_URL)("test databases on PostgreSQL", () => {
  it("a migrated database given back reaches the next test empty, at the template's schema", async () => {
    const first = await createDatabase("migrated");
    await withConnection(first.url, (client) =>
      client.query(
        `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
         values ('left-behind', 'Left', 'left@example.com', false, now(), now())`,
      ),
    );
    await first.release();

    // Alone, this claims the one just given back; beside other files it may get another.
    const next = await createDatabase("migrated");
    try {
      await withConnection(next.url, async (client: pg.Client) => {
        expect((await client.query('select count(*)::int as n from "user"')).rows[0].n).toBe(0);
        const { rows } = await client.query(SCHEMA_FINGERPRINT);
        expect(rows[0].fingerprint).toBe(inject("templateFingerprint"));
      });
    } finally {
      await next.release();
    }
  });

  it("one whose test changed the schema is dropped, not given back", async () => {
    const changed = await createDatabase("migrated");
    await withConnection(changed.url, (client) =>
      client.query("alter table plants add column left_behind text"),
    );
    const oid = await oidOf(changed.url);
    await changed.release();
    expect(await stillThere(oid)).toBe(false);
  });

  it("an empty one is dropped when released", async () => {
    const empty = await createDatabase("empty");
    const oid = await oidOf(empty.url);
    await empty.release();
    expect(await stillThere(oid)).toBe(false);
  });
});
