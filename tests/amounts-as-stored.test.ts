import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importAreaSchema } from "../src/core/schemas/data-export";
import { migrateToLatest, migrateUpTo } from "../src/server/db/migrate";
import { type Client, client, tomatoBody, utcToday } from "./support/garden";
import { bothEngines, createTestApp, openTestDatabase, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

// Issue 37 item 7: an area's size is kept to 1 cm² and a harvest's weight to a tenth of a gram.
// A size or weight is rounded to that first and checked after, by the same schema for the API and
// the import, so what passes is what is stored, and what is stored always imports again.

const TODAY = utcToday();
const TOO_SMALL =
  "Give a size of at least 1 cm² (0.0001 m², about 0.001 ft²), or leave the size out.";
const TOO_LIGHT =
  "Give a weight of at least 0.1 g (about 0.004 oz): Tendril keeps weights to a tenth of a gram.";

const bed = (size: unknown) => ({ name: "Bed", kind: "raised-bed", size, sun: "full-sun" });

describe.each(bothEngines)("sizes and weights as Tendril keeps them on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function gardener() {
    const user = await signUp(t.app);
    const api = client(t.app, user.cookie);
    const plant = (await api.post("/api/plants", tomatoBody())).json().plant.id as string;
    return { user, api, plant };
  }
  const exportOf = async (api: Client) => (await api.get("/api/export")).json();
  const importInto = (user: SignedInUser, file: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/import",
      headers: { cookie: user.cookie },
      payload: file as object,
    });

  it.each([
    [{ value: 1e-300, unit: "m2" }],
    [{ value: 1e-7, unit: "ft2" }],
    [{ value: 0.00004, unit: "m2" }],
    [{ value: 0.0005, unit: "ft2" }],
    [{ value: 0, unit: "m2" }],
    [{ value: -2, unit: "ft2" }],
  ])("refuses a size of %j, which is not 1 cm² once kept to the cm²", async (size) => {
    const { api } = await gardener();
    const created = await api.post("/api/areas", bed(size));
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().error.message).toBe(`Check size: ${TOO_SMALL}`);
    const area = (await api.post("/api/areas", bed(null))).json().area.id as string;
    const patched = await api.patch(`/api/areas/${area}`, { size });
    expect(patched.statusCode, patched.body).toBe(400);
    expect((await api.get(`/api/areas/${area}`)).json().area.sizeM2).toBeNull();
  });

  it("keeps the smallest sizes it takes as 1 cm², in either unit", async () => {
    const { api } = await gardener();
    for (const size of [
      { value: 0.0001, unit: "m2" },
      { value: 0.00005, unit: "m2" },
      { value: 0.0006, unit: "ft2" },
    ]) {
      const res = await api.post("/api/areas", bed(size));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().area.sizeM2).toBe(0.0001);
    }
  });

  it.each([
    [{ value: 1e-300, unit: "g" }],
    [{ value: 0.04, unit: "g" }],
    [{ value: 0.00004, unit: "kg" }],
    [{ value: 0.001, unit: "oz" }],
    [{ value: 1e-7, unit: "lb" }],
  ])("refuses a weight of %j, which is not 0.1 g once kept to the tenth", async (weight) => {
    const { api, plant } = await gardener();
    const logged = await api.post(`/api/plants/${plant}/harvests`, {
      date: TODAY,
      weight,
      count: 3,
    });
    expect(logged.statusCode, logged.body).toBe(400);
    expect(logged.json().error.message).toBe(`Check weight: ${TOO_LIGHT}`);
    const harvest = await api.post(`/api/plants/${plant}/harvests`, {
      date: TODAY,
      weight: null,
      count: 3,
    });
    const patched = await api.patch(`/api/harvests/${harvest.json().harvest.id}`, { weight });
    expect(patched.statusCode, patched.body).toBe(400);
    expect(patched.json().error.message).toBe(`Check weight: ${TOO_LIGHT}`);
  });

  it("keeps the lightest weights it takes as 0.1 g", async () => {
    const { api, plant } = await gardener();
    for (const weight of [
      { value: 0.1, unit: "g" },
      { value: 0.05, unit: "g" },
      { value: 0.002, unit: "oz" },
    ]) {
      const res = await api.post(`/api/plants/${plant}/harvests`, {
        date: TODAY,
        weight,
        count: null,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().harvest.weightG).toBe(0.1);
    }
  });

  it("refuses in an import the sizes and weights the API refuses, and rounds the rest alike", async () => {
    const { user, api, plant } = await gardener();
    const base = await exportOf(api);
    const now = new Date().toISOString();
    const area = { id: "a-1", name: "Bed", kind: "raised-bed", sun: "full-sun", createdAt: now };
    const harvest = {
      id: "h-1",
      plantId: plant,
      cropSlug: "tomato",
      cropName: "Tomato",
      date: TODAY,
      count: 2,
      createdAt: now,
    };
    const tiny = await importInto(user, { ...base, areas: [{ ...area, sizeM2: 1e-300 }] });
    expect(tiny.statusCode, tiny.body).toBe(400);
    expect(tiny.json().error.message).toBe(`Check areas.0.sizeM2: ${TOO_SMALL}`);
    const light = await importInto(user, { ...base, harvests: [{ ...harvest, weightG: 1e-300 }] });
    expect(light.statusCode, light.body).toBe(400);
    expect(light.json().error.message).toBe(`Check harvests.0.weightG: ${TOO_LIGHT}`);
    expect((await exportOf(api)).areas).toEqual([]);

    const kept = await importInto(user, {
      ...base,
      areas: [{ ...area, sizeM2: 2.345678 }],
      harvests: [{ ...harvest, weightG: 12.345 }],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const file = await exportOf(api);
    expect(file.areas.map((a: { sizeM2: number }) => a.sizeM2)).toEqual([2.3457]);
    expect(file.harvests.map((h: { weightG: number }) => h.weightG)).toEqual([12.3]);

    // What was stored comes back unchanged, in the gardener's own account or a new one.
    expect((await importInto(user, file)).json().imported).toMatchObject({ areas: 0, harvests: 0 });
    const fresh = await signUp(t.app);
    const again = await importInto(fresh, file);
    expect(again.statusCode, again.body).toBe(200);
    const copy = await exportOf(client(t.app, fresh.cookie));
    expect(copy.areas.map((a: { sizeM2: number }) => a.sizeM2)).toEqual([2.3457]);
    expect(copy.harvests.map((h: { weightG: number }) => h.weightG)).toEqual([12.3]);
  });

  it("keeps the largest size and weight exactly, on either engine", async () => {
    const { api, plant } = await gardener();
    const area = await api.post("/api/areas", bed({ value: 9999.9999, unit: "m2" }));
    expect(area.json().area.sizeM2).toBe(9999.9999);
    const harvest = await api.post(`/api/plants/${plant}/harvests`, {
      date: TODAY,
      weight: { value: 9_999_999.9, unit: "g" },
      count: null,
    });
    expect(harvest.json().harvest.weightG).toBe(9_999_999.9);
  });
});

describe.each(bothEngines)(
  "sizes and weights kept before the check, after its migration, on %s",
  (dialect) => {
    it("are rounded as the check keeps them, and those that round to nothing are let go", async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "tendril-amounts-"));
      const { database, release } = await openTestDatabase(dialect, dataDir, "empty");
      try {
        const db = database.db;
        await migrateUpTo(db, "0019-area-plantings");
        const now = new Date().toISOString();
        await db
          .insertInto("user")
          .values({
            id: "u-old",
            name: "Old",
            email: "old@example.com",
            emailVerified: 0,
            createdAt: now,
            updatedAt: now,
          } as never)
          .execute();
        const area = (id: string, size: number | null) => ({
          id,
          user_id: "u-old",
          name: id,
          kind: "raised-bed",
          size_m2: size,
          sun: "full-sun",
          covered: 0,
          notes: null,
          created_at: now,
          updated_at: now,
        });
        // 0 is what the API kept for 1e-7 ft²; 2.345678 what an import kept as given.
        await db
          .insertInto("areas")
          .values([area("zero", 0), area("fine", 2.345678), area("none", null), area("cm", 0.0001)])
          .execute();
        const harvest = (id: string, weight: number | null, count: number | null) => ({
          id,
          user_id: "u-old",
          plant_id: null,
          crop_slug: "tomato",
          crop_name: "Tomato",
          area_id: null,
          harvested_on: "2026-07-01",
          weight_g: weight,
          count,
          note: null,
          image_id: null,
          created_at: now,
          updated_at: now,
        });
        // An import kept 1e-30 g as given (PostgreSQL's old columns refused smaller still).
        await db
          .insertInto("harvests")
          .values([
            harvest("dust", 1e-30, null),
            harvest("dust-and-count", 0.01, 3),
            harvest("fine", 12.345, null),
            harvest("count-only", null, 4),
          ])
          .execute();

        await migrateToLatest(db);
        const sizes = await db
          .selectFrom("areas")
          .select(["id", "size_m2"])
          .orderBy("id")
          .execute();
        expect(sizes.map((a) => [a.id, a.size_m2 === null ? null : Number(a.size_m2)])).toEqual([
          ["cm", 0.0001],
          ["fine", 2.3457],
          ["none", null],
          ["zero", null],
        ]);
        const weights = await db
          .selectFrom("harvests")
          .select(["id", "weight_g", "count"])
          .orderBy("id")
          .execute();
        expect(
          weights.map((h) => [h.id, h.weight_g === null ? null : Number(h.weight_g), h.count]),
        ).toEqual([
          ["count-only", null, 4],
          ["dust", 0.1, null],
          ["dust-and-count", null, 3],
          ["fine", 12.3, null],
        ]);
        // As an export carries them, each passes the import's own check unchanged.
        for (const a of sizes) {
          const sizeM2 = a.size_m2 === null ? null : Number(a.size_m2);
          const parsed = importAreaSchema.parse({
            id: a.id,
            name: a.id,
            kind: "raised-bed",
            sun: "full-sun",
            sizeM2,
            createdAt: now,
          });
          expect(parsed.sizeM2).toBe(sizeM2);
        }
      } finally {
        await database.db.destroy();
        await release();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    });
  },
);
