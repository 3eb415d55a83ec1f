import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, tomatoBody, utcToday } from "./support/garden";
import { jpegPhoto, multipart } from "./support/photos";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { rowsText, userRows } from "./support/user-rows";
import { type SignedInUser, signUp } from "./support/users";

const TODAY = utcToday();
const CONFIRM = { confirm: "delete my account" };

interface ExportedHarvest {
  id: string;
  plantId: string | null;
  cropName: string;
  weightG: number | null;
  count: number | null;
  photo: { data: string } | null;
}

describe.each(bothEngines)("harvests in the export and import on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  const exportOf = async (user: SignedInUser) => {
    const res = await client(t.app, user.cookie).get("/api/export");
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { harvests: ExportedHarvest[]; plants: { id: string }[] };
  };
  const importInto = (user: SignedInUser, file: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/import",
      headers: { cookie: user.cookie },
      payload: file as object,
    });

  /** Two harvests of a tomato (one with a photo) and one of a basil since deleted. */
  async function harvestGarden(user: SignedInUser) {
    const api = client(t.app, user.cookie);
    const tomato = (await api.post("/api/plants", tomatoBody())).json().plant.id as string;
    const basil = (await api.post("/api/plants", tomatoBody({ name: "Basil" }))).json().plant
      .id as string;
    const log = async (plantId: string, body: Record<string, unknown>) => {
      const res = await api.post(`/api/plants/${plantId}/harvests`, {
        date: TODAY,
        weight: null,
        count: null,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().harvest.id as string;
    };
    const withPhoto = await log(tomato, { weight: { value: 2, unit: "lb" }, note: "Big ones" });
    await log(tomato, { count: 12 });
    await log(basil, { weight: { value: 90, unit: "g" } });
    const form = multipart(await jpegPhoto(800, 600));
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/harvests/${withPhoto}/photo`,
      headers: { cookie: user.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await api.del(`/api/plants/${basil}`)).statusCode).toBe(204);
    return { tomato, withPhoto };
  }

  it("exports harvests with their photos; delete → import restores them; again adds nothing", async () => {
    const user = await signUp(t.app);
    const made = await harvestGarden(user);
    const before = await exportOf(user);
    expect(before.harvests).toHaveLength(3);
    expect(before.harvests.find((h) => h.cropName === "Basil")?.plantId).toBeNull();
    const photo = before.harvests.find((h) => h.id === made.withPhoto)?.photo;
    expect(photo).toMatchObject({ mimeType: "image/webp", width: 800, height: 600 });

    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/me",
      headers: { cookie: user.cookie },
      payload: CONFIRM,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(
      await t.database.db
        .selectFrom("harvests")
        .select("id")
        .where("user_id", "=", user.id)
        .execute(),
    ).toEqual([]);

    const fresh = await signUp(t.app, { email: user.email, password: user.password });
    const res = await importInto(fresh, before);
    expect(res.statusCode, res.body).toBe(200);
    const after = await exportOf(fresh);
    // A photo is decoded and encoded again on import: the same picture, not the same bytes.
    const comparable = (harvests: ExportedHarvest[]) =>
      harvests.map((h) => ({ ...h, photo: h.photo && { ...h.photo, data: "…" } }));
    expect(comparable(after.harvests)).toEqual(comparable(before.harvests));
    const season = (await client(t.app, fresh.cookie).get("/api/harvests")).json();
    expect(season.byCrop).toEqual([
      { cropSlug: "tomato", name: "Tomato", weightG: 907.2, count: 12 },
      { cropSlug: "basil", name: "Basil", weightG: 90, count: 0 },
    ]);
    const served = await client(t.app, fresh.cookie).get(`/api/harvests/${made.withPhoto}/photo`);
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 800, height: 600 });

    const rows = rowsText(await userRows(t.database.db, fresh.id));
    expect((await importInto(fresh, before)).statusCode).toBe(200);
    expect(rowsText(await userRows(t.database.db, fresh.id))).toBe(rows);
  });

  it("imports another gardener's harvests under new ids, following their plant", async () => {
    const owner = await signUp(t.app);
    const made = await harvestGarden(owner);
    const file = await exportOf(owner);
    const other = await signUp(t.app);
    const res = await importInto(other, file);
    expect(res.statusCode, res.body).toBe(200);
    const mine = await exportOf(other);
    expect(mine.harvests).toHaveLength(3);
    for (const harvest of mine.harvests) {
      expect(file.harvests.map((h) => h.id)).not.toContain(harvest.id);
    }
    const [newTomato] = mine.plants;
    expect(newTomato?.id).not.toBe(made.tomato);
    expect(mine.harvests.filter((h) => h.plantId === newTomato?.id)).toHaveLength(2);
    // The owner's harvests are untouched.
    expect((await exportOf(owner)).harvests).toEqual(file.harvests);
  });

  it("refuses a harvest naming a plant the gardener does not have, or with no amount", async () => {
    const user = await signUp(t.app);
    const base = await exportOf(user);
    const harvest = {
      id: "h-1",
      plantId: "nowhere",
      cropSlug: "tomato",
      cropName: "Tomato",
      date: TODAY,
      weightG: 100,
      createdAt: new Date().toISOString(),
    };
    const unknown = await importInto(user, { ...base, harvests: [harvest] });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().error.issues[0].path).toBe("harvests.0.plantId");
    const empty = await importInto(user, {
      ...base,
      harvests: [{ ...harvest, plantId: null, weightG: null }],
    });
    expect(empty.statusCode, empty.body).toBe(400);
    expect((await exportOf(user)).harvests).toEqual([]);
  });
});
