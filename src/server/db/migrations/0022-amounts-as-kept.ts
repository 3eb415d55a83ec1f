import { type Kysely, PostgresAdapter, sql } from "kysely";

// Issue 37 item 7: an area's size is kept to 1 cm² and a harvest's weight to a tenth of a gram,
// checked once rounded (storedAreaM2Schema, storedGramsSchema), for the API and the import alike.
// On PostgreSQL both columns were `real` (4 bytes, about 7 digits): 9 999.9999 m² came back as
// 10 000 and 1e-300 was refused with an error (a 500 on import). They become double precision,
// which SQLite's REAL already is, so what the rounding keeps is what either engine stores.
//
// Rows written before the check are brought to what it keeps, so their export imports again:
// sizes and weights are rounded; a size that rounds to nothing becomes no size; a weight that
// rounds to nothing goes where the harvest has a count, and else becomes 0.1 g, the least weight
// there is (a harvest has a weight or a count).

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table areas alter column size_m2 type double precision`.execute(db);
    await sql`alter table harvests alter column weight_g type double precision`.execute(db);
  }
  await db
    .updateTable("areas")
    .set({ size_m2: sql`round(size_m2 * 10000) / 10000` })
    .where("size_m2", "is not", null)
    .execute();
  await db.updateTable("areas").set({ size_m2: null }).where("size_m2", "<", 0.0001).execute();
  await db
    .updateTable("harvests")
    .set({ weight_g: sql`round(weight_g * 10) / 10` })
    .where("weight_g", "is not", null)
    .execute();
  await db
    .updateTable("harvests")
    .set({ weight_g: sql`case when ${sql.ref("count")} is null then 0.1 else null end` })
    .where("weight_g", "<", 0.1)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table harvests alter column weight_g type real`.execute(db);
    await sql`alter table areas alter column size_m2 type real`.execute(db);
  }
}
