import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_AREAS } from "../src/core/schemas/area";
import { type Client, client, tomatoBody } from "./support/garden";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

// Issue 26 item 3: beds and areas, plants placed in them, and crop rotation's history.

const bed = (extra: Record<string, unknown> = {}) => ({
  name: "Back bed",
  kind: "raised-bed",
  size: { value: 1, unit: "m2" },
  sun: "full-sun",
  ...extra,
});

describe.each(bothEngines)("areas on %s", (dialect) => {
  let t: TestApp;
  let alder: SignedInUser;
  let birch: SignedInUser;
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    alder = await signUp(t.app, { name: "Alder" });
    birch = await signUp(t.app, { name: "Birch" });
    a = client(t.app, alder.cookie);
    b = client(t.app, birch.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newArea = async (c: Client, body: Record<string, unknown> = bed()) => {
    const res = await c.post("/api/areas", body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().area as { id: string; sizeM2: number | null; name: string };
  };
  const newPlant = async (c: Client, extra: Record<string, unknown>) => {
    const res = await c.post("/api/plants", tomatoBody(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().plant as { id: string; areaId: string | null };
  };
  const setLatitude = (user: SignedInUser, latitude: number) =>
    t.database.db
      .updateTable("profile")
      .set({ place_name: "Somewhere", place_lat: latitude, place_lon: 10 })
      .where("user_id", "=", user.id)
      .execute();

  it("creates, lists, edits and deletes an area, keeping its size in m²", async () => {
    const made = await a.post("/api/areas", {
      name: "  Patio pots ",
      kind: "container-group",
      size: { value: 10, unit: "ft2" },
      sun: "partial-shade",
      covered: true,
      notes: "By the door",
    });
    expect(made.statusCode, made.body).toBe(201);
    const area = made.json().area;
    expect(area).toMatchObject({
      name: "Patio pots",
      kind: "container-group",
      sizeM2: 0.929,
      sun: "partial-shade",
      covered: true,
      notes: "By the door",
      plantCount: 0,
    });
    const patched = await a.patch(`/api/areas/${area.id}`, { name: "Pots", size: null });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().area).toMatchObject({ name: "Pots", sizeM2: null, covered: true });
    const list = (await a.get("/api/areas")).json().areas;
    expect(list.map((x: { id: string }) => x.id)).toContain(area.id);
    expect((await b.get("/api/areas")).json().areas).toEqual([]);
    expect((await a.del(`/api/areas/${area.id}`)).statusCode).toBe(204);
    expect((await a.get(`/api/areas/${area.id}`)).statusCode).toBe(404);
  });

  it.each([
    [{ name: "" }, "name"],
    [{ name: "x".repeat(61) }, "60 characters"],
    [{ kind: "moon-base" }, "raised-bed"],
    [{ sun: "dappled" }, "grow-lights"],
    [{ size: { value: 0, unit: "m2" } }, "at least 1 cm²"],
    [{ size: { value: -2, unit: "m2" } }, "at least 1 cm²"],
    [{ size: { value: 10_001, unit: "m2" } }, "10,000 m²"],
    [{ size: { value: 2, unit: "acres" } }, "ft2"],
  ])("refuses %j with a message about it", async (change, words) => {
    const res = await a.post("/api/areas", bed(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(words);
  });

  it(`keeps at most ${MAX_AREAS} areas per gardener`, async () => {
    const cedar = await signUp(t.app, { name: "Cedar" });
    const c = client(t.app, cedar.cookie);
    const now = new Date().toISOString();
    await t.database.db
      .insertInto("areas")
      .values(
        Array.from({ length: MAX_AREAS - 1 }, (_, i) => ({
          id: randomUUID(),
          user_id: cedar.id,
          name: `Pot ${i}`,
          kind: "container-group",
          size_m2: null,
          sun: "full-sun",
          covered: 0,
          notes: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    // Two adds at once for the last free place: they take turns, and one of them is refused.
    const both = await Promise.all([c.post("/api/areas", bed()), c.post("/api/areas", bed())]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const over = both.find((res) => res.statusCode === 409);
    expect(over?.json().error.message).toContain("Delete one");
    expect((await c.get("/api/areas")).json().areas).toHaveLength(MAX_AREAS);
  });

  it("places plants on creation and by PATCH, and unplaces them with null", async () => {
    const area = await newArea(a);
    const plant = await newPlant(a, { cropSlug: "tomato", areaId: area.id });
    expect(plant.areaId).toBe(area.id);
    const other = await newPlant(a, { name: "Basil", cropSlug: "basil" });
    expect(other.areaId).toBeNull();
    const placed = await a.patch(`/api/plants/${other.id}`, { areaId: area.id });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().areaId).toBe(area.id);
    const summary = (await a.get("/api/plants?view=summary")).json().plants;
    expect(summary.find((p: { id: string }) => p.id === other.id).areaId).toBe(area.id);
    const detail = (await a.get(`/api/areas/${area.id}`)).json();
    expect(detail.area.plantCount).toBe(2);
    expect(detail.plants.map((p: { id: string }) => p.id).sort()).toEqual(
      [plant.id, other.id].sort(),
    );
    // 1 m² less a tomato (60 cm: 3 600 cm²) and a basil (25 cm: 625 cm²) leaves 5 775 cm².
    expect(detail.fit).toEqual(
      expect.arrayContaining([
        { cropSlug: "tomato", name: "Tomato", spacingCm: 60, more: 1 },
        { cropSlug: "basil", name: "Basil", spacingCm: 25, more: 9 },
      ]),
    );
    const unplaced = await a.patch(`/api/plants/${other.id}`, { areaId: null });
    expect(unplaced.json().areaId).toBeNull();
  });

  it("answers 404 for another gardener's area and never places the plant there", async () => {
    const theirs = await newArea(b, bed({ name: "Birch's bed" }));
    const create = await a.post("/api/plants", tomatoBody({ areaId: theirs.id }));
    expect(create.statusCode).toBe(404);
    expect(create.json().error.code).toBe("not_found");
    const mine = await newPlant(a, { cropSlug: "tomato" });
    const patch = await a.patch(`/api/plants/${mine.id}`, { areaId: theirs.id });
    expect(patch.statusCode).toBe(404);
    const after = (await a.get(`/api/plants/${mine.id}`)).json();
    expect(after.areaId).toBeNull();
    for (const url of [`/api/areas/${theirs.id}`, `/api/areas/${theirs.id}/check?crop=tomato`]) {
      expect((await a.get(url)).statusCode, url).toBe(404);
    }
    expect((await a.patch(`/api/areas/${theirs.id}`, { name: "Mine now" })).statusCode).toBe(404);
    expect((await a.del(`/api/areas/${theirs.id}`)).statusCode).toBe(404);
    expect((await b.get(`/api/areas/${theirs.id}`)).json().area.name).toBe("Birch's bed");
  });

  it("remembers last season's tomatoes after they are deleted: the next pepper warns", async () => {
    const area = await newArea(a, bed({ name: "Tomato bed" }));
    const lastYear = `${new Date().getUTCFullYear() - 1}-05-01`;
    const old = await newPlant(a, { cropSlug: "tomato", areaId: area.id, plantingDate: lastYear });
    expect((await a.del(`/api/plants/${old.id}`)).statusCode).toBe(204);
    const check = await a.get(`/api/areas/${area.id}/check?crop=bell-pepper`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().warnings).toEqual([
      expect.objectContaining({
        kind: "rotation",
        family: "Solanaceae",
        seasons: [lastYear.slice(0, 4)],
        cropSlugs: ["bell-pepper", "tomato"],
        message: expect.stringContaining("Tomato"),
      }),
    ]);
    // Lettuce is another family: nothing to warn about.
    expect((await a.get(`/api/areas/${area.id}/check?crop=lettuce`)).json().warnings).toEqual([]);
    // Once a pepper is planted there, the area itself shows the warning.
    await newPlant(a, { name: "Pepper", cropSlug: "bell-pepper", areaId: area.id });
    const detail = (await a.get(`/api/areas/${area.id}`)).json();
    expect(detail.warnings.map((w: { kind: string }) => w.kind)).toEqual(["rotation"]);
  });

  it("remembers a plant moved to another area in the area it left", async () => {
    const first = await newArea(a, bed({ name: "First" }));
    const second = await newArea(a, bed({ name: "Second" }));
    const lastYear = `${new Date().getUTCFullYear() - 1}-06-01`;
    const potato = await newPlant(a, {
      name: "Potato",
      cropSlug: "potato",
      areaId: first.id,
      plantingDate: lastYear,
    });
    await a.patch(`/api/plants/${potato.id}`, { areaId: second.id });
    const check = (await a.get(`/api/areas/${first.id}/check?crop=eggplant`)).json();
    expect(check.warnings.map((w: { kind: string }) => w.kind)).toEqual(["rotation"]);
    // Checking the potato itself for the area it is in leaves it out of the history.
    const self = await a.get(
      `/api/areas/${second.id}/check?crop=potato&plantId=${potato.id}&plantedOn=${lastYear}`,
    );
    expect(self.json().warnings).toEqual([]);
  });

  it("counts seasons by the gardener's hemisphere", async () => {
    const cedar = await signUp(t.app, { name: "Cedar South" });
    const c = client(t.app, cedar.cookie);
    const area = await newArea(c);
    // Tomatoes in October, a pepper the next March: one southern summer, two northern years.
    const tomato = await newPlant(c, {
      cropSlug: "tomato",
      areaId: area.id,
      plantingDate: "2025-10-01",
    });
    expect((await c.del(`/api/plants/${tomato.id}`)).statusCode).toBe(204);
    const url = `/api/areas/${area.id}/check?crop=bell-pepper&plantedOn=2026-03-01`;
    expect((await c.get(url)).json().warnings.map((w: { seasons: string[] }) => w.seasons)).toEqual(
      [["2025"]],
    );
    await setLatitude(cedar, -37.8);
    expect((await c.get(url)).json().warnings).toEqual([]);
    const nextSeason = `/api/areas/${area.id}/check?crop=bell-pepper&plantedOn=2026-07-01`;
    expect((await c.get(nextSeason)).json().warnings[0].seasons).toEqual(["2025-26"]);
  });

  it("warns about poor companions in the same area", async () => {
    const area = await newArea(a, bed({ name: "Mixed bed", size: { value: 4, unit: "m2" } }));
    await newPlant(a, { cropSlug: "tomato", areaId: area.id });
    const check = (await a.get(`/api/areas/${area.id}/check?crop=potato`)).json();
    expect(check.warnings).toEqual([
      expect.objectContaining({ kind: "companion", cropSlugs: ["potato", "tomato"] }),
    ]);
    expect(check.fit).toEqual({ cropSlug: "potato", name: "Potato", spacingCm: 30, more: 40 });
    expect((await a.get(`/api/areas/${area.id}/check?crop=basil`)).json().warnings).toEqual([]);
    const unknown = await a.get(`/api/areas/${area.id}/check?crop=moon-melon`);
    expect(unknown.statusCode).toBe(400);
  });

  it("unplaces an area's plants when it is deleted, and forgets its history", async () => {
    const area = await newArea(a, bed({ name: "Short-lived" }));
    const plant = await newPlant(a, { cropSlug: "tomato", areaId: area.id });
    expect((await a.del(`/api/areas/${area.id}`)).statusCode).toBe(204);
    expect((await a.get(`/api/plants/${plant.id}`)).json().areaId).toBeNull();
    const rows = await t.database.db
      .selectFrom("area_plantings")
      .select("id")
      .where("area_id", "=", area.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
