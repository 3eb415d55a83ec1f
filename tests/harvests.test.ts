import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, tomatoBody, utcToday } from "./support/garden";
import {
  exifHasGps,
  jpegPhoto,
  multipart,
  oversizedJpeg,
  phoneJpegWithGps,
} from "./support/photos";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

const TODAY = utcToday();
const YEAR = TODAY.slice(0, 4);

describe.each(bothEngines)("harvests on %s", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  let other: SignedInUser;
  let me: Client;
  let them: Client;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    user = await signUp(t.app, { name: "Hazel" });
    other = await signUp(t.app, { name: "Rowan" });
    me = client(t.app, user.cookie);
    them = client(t.app, other.cookie);
  });
  afterAll(async () => {
    await t.close();
  });

  const addPlant = async (who: Client, extra: Record<string, unknown> = {}) => {
    const res = await who.post("/api/plants", tomatoBody(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().plant as { id: string; name: string };
  };
  const addArea = async (userId: string, name: string) => {
    const id = randomUUID();
    const now = new Date().toISOString();
    await t.database.db
      .insertInto("areas")
      .values({
        id,
        user_id: userId,
        name,
        kind: "raised-bed",
        sun: "full",
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  };
  const placeIn = (plantId: string, areaId: string) =>
    t.database.db
      .updateTable("plants")
      .set({ area_id: areaId })
      .where("id", "=", plantId)
      .execute();
  const logHarvest = async (who: Client, plantId: string, body: Record<string, unknown>) => {
    const res = await who.post(`/api/plants/${plantId}/harvests`, {
      date: TODAY,
      weight: null,
      count: null,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().harvest as { id: string; weightG: number | null; count: number | null };
  };

  it("answers 401 on every harvest route without a session", async () => {
    const anon = client(t.app, null);
    const id = randomUUID();
    for (const res of [
      await anon.post(`/api/plants/${id}/harvests`, { date: TODAY, weight: null, count: 1 }),
      await anon.get(`/api/plants/${id}/harvests`),
      await anon.get("/api/harvests"),
      await anon.patch(`/api/harvests/${id}`, { count: 2 }),
      await anon.del(`/api/harvests/${id}`),
      await anon.get(`/api/harvests/${id}/photo`),
      await anon.get("/api/export/harvests.csv"),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
    }
  });

  it("logs a harvest by weight in the unit given, stored in grams, and totals the plant", async () => {
    const plant = await addPlant(me);
    const pound = await logHarvest(me, plant.id, {
      weight: { value: 1, unit: "lb" },
      note: "First ripe ones",
    });
    expect(pound).toMatchObject({
      weightG: 453.6,
      count: null,
      plantId: plant.id,
      plantName: "Tomato",
      cropSlug: "tomato",
      cropName: "Tomato",
      date: TODAY,
      note: "First ripe ones",
      imageUrl: null,
    });
    await logHarvest(me, plant.id, { weight: { value: 0.5, unit: "kg" }, count: 6 });
    await logHarvest(me, plant.id, { count: 4 });

    const res = await me.get(`/api/plants/${plant.id}/harvests`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toEqual({ weightG: 953.6, count: 10 });
    expect(res.json().harvests).toHaveLength(3);
  });

  it("refuses a harvest with neither weight nor count, and junk amounts", async () => {
    const plant = await addPlant(me);
    for (const body of [
      { date: TODAY, weight: null, count: null },
      { date: TODAY, weight: null },
      { date: TODAY, weight: { value: 2, unit: "stone" }, count: null },
      { date: TODAY, weight: { value: -1, unit: "g" }, count: null },
      { date: TODAY, weight: { value: 1 }, count: null },
      { date: TODAY, weight: null, count: 1.5 },
      { date: "2026-02-30", weight: null, count: 1 },
      { weight: null, count: 1 },
      { date: TODAY, weight: null, count: 1, extra: true },
    ]) {
      const res = await me.post(`/api/plants/${plant.id}/harvests`, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe("invalid_request");
    }
    const empty = await me.post(`/api/plants/${plant.id}/harvests`, {
      date: TODAY,
      weight: null,
      count: null,
    });
    expect(empty.json().error.issues[0].message).toMatch(/weight, a count, or both/);
  });

  it("changes a harvest, but never to one with neither weight nor count", async () => {
    const plant = await addPlant(me);
    const harvest = await logHarvest(me, plant.id, { count: 3 });
    const changed = await me.patch(`/api/harvests/${harvest.id}`, {
      weight: { value: 250, unit: "g" },
      count: null,
      note: "Weighed after all",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ weightG: 250, count: null, note: "Weighed after all" });

    const emptied = await me.patch(`/api/harvests/${harvest.id}`, { weight: null });
    expect(emptied.statusCode, emptied.body).toBe(400);
    expect(emptied.json().error.message).toMatch(/weight, a count, or both/);

    expect((await me.del(`/api/harvests/${harvest.id}`)).statusCode).toBe(204);
    expect((await me.del(`/api/harvests/${harvest.id}`)).statusCode).toBe(404);
  });

  it("totals a season by crop and by area, and keeps them when a plant is deleted", async () => {
    const gardener = await signUp(t.app, { name: "Sorrel" });
    const g = client(t.app, gardener.cookie);
    const bed = await addArea(gardener.id, "North bed");
    const tomato = await addPlant(g);
    const tomato2 = await addPlant(g, { name: "Tomato" });
    const basil = await addPlant(g, { name: "Basil" });
    await placeIn(tomato.id, bed);
    await placeIn(basil.id, bed);
    await logHarvest(g, tomato.id, { weight: { value: 1.2, unit: "kg" } });
    await logHarvest(g, tomato2.id, { weight: { value: 300, unit: "g" }, count: 5 });
    await logHarvest(g, basil.id, { weight: { value: 80, unit: "g" } });
    await logHarvest(g, basil.id, { date: `${Number(YEAR) - 1}-07-04`, count: 9 });

    const season = async (query = "") => {
      const res = await g.get(`/api/harvests${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const now = await season();
    expect(now.season).toEqual({ key: YEAR, start: `${YEAR}-01-01`, end: `${YEAR}-12-31` });
    expect(now.seasons).toEqual([YEAR, String(Number(YEAR) - 1)]);
    expect(now.harvests).toHaveLength(3);
    expect(now.total).toEqual({ weightG: 1580, count: 5 });
    expect(now.byCrop).toEqual([
      { cropSlug: "tomato", name: "Tomato", weightG: 1500, count: 5 },
      { cropSlug: "basil", name: "Basil", weightG: 80, count: 0 },
    ]);
    expect(now.byArea).toEqual([
      { areaId: bed, name: "North bed", weightG: 1280, count: 0 },
      { areaId: null, name: "No area", weightG: 300, count: 5 },
    ]);

    const before = await season();
    expect((await g.del(`/api/plants/${tomato.id}`)).statusCode).toBe(204);
    const after = await season();
    expect(after.byCrop).toEqual(before.byCrop);
    expect(after.byArea).toEqual(before.byArea);
    const kept = after.harvests.find((h: { weightG: number }) => h.weightG === 1200);
    expect(kept).toMatchObject({ plantId: null, plantName: null, cropName: "Tomato", areaId: bed });

    const last = await season(`?season=${Number(YEAR) - 1}`);
    expect(last.harvests).toHaveLength(1);
    expect(last.byCrop).toEqual([{ cropSlug: "basil", name: "Basil", weightG: 0, count: 9 }]);
    expect((await g.get("/api/harvests?season=junk")).statusCode).toBe(400);
    expect((await g.get("/api/harvests?season=2025-26")).statusCode).toBe(400);
  });

  it("counts seasons from July to June south of the equator", async () => {
    const gardener = await signUp(t.app, { name: "Wattle" });
    const g = client(t.app, gardener.cookie);
    await t.database.db
      .updateTable("profile")
      .set({ place_name: "Melbourne", place_lat: -37.81, place_lon: 144.96 })
      .where("user_id", "=", gardener.id)
      .execute();
    const plant = await addPlant(g);
    await logHarvest(g, plant.id, { date: "2024-10-01", count: 2 });
    await logHarvest(g, plant.id, { date: "2025-02-10", count: 3 });
    await logHarvest(g, plant.id, { date: "2025-07-02", count: 4 });
    const res = await g.get("/api/harvests?season=2024-25");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().season).toEqual({ key: "2024-25", start: "2024-07-01", end: "2025-06-30" });
    expect(res.json().total).toEqual({ weightG: 0, count: 5 });
    expect(res.json().seasons.slice(-2)).toEqual(["2025-26", "2024-25"]);
  });

  it("answers 404 for another gardener's plant or harvest, and changes nothing", async () => {
    const plant = await addPlant(me);
    const harvest = await logHarvest(me, plant.id, { count: 2 });
    const form = multipart(await jpegPhoto(300, 200));
    for (const res of [
      await them.post(`/api/plants/${plant.id}/harvests`, { date: TODAY, weight: null, count: 1 }),
      await them.get(`/api/plants/${plant.id}/harvests`),
      await them.patch(`/api/harvests/${harvest.id}`, { count: 9 }),
      await them.del(`/api/harvests/${harvest.id}`),
      await them.get(`/api/harvests/${harvest.id}/photo`),
      await them.del(`/api/harvests/${harvest.id}/photo`),
      await t.app.inject({
        method: "PUT",
        url: `/api/harvests/${harvest.id}/photo`,
        headers: { cookie: other.cookie, ...form.headers },
        payload: form.payload,
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
    const mine = await me.get(`/api/plants/${plant.id}/harvests`);
    expect(mine.json().harvests).toEqual([expect.objectContaining({ id: harvest.id, count: 2 })]);
    expect((await them.get("/api/harvests")).json().harvests).toEqual([]);
  });

  it("keeps an optional photo, GPS removed, replaces and removes it, and deletes it with the harvest", async () => {
    const plant = await addPlant(me);
    const harvest = await logHarvest(me, plant.id, { count: 1 });
    const putPhoto = (bytes: Buffer, options = {}) => {
      const form = multipart(bytes, options);
      return t.app.inject({
        method: "PUT",
        url: `/api/harvests/${harvest.id}/photo`,
        headers: { cookie: user.cookie, ...form.headers },
        payload: form.payload,
      });
    };
    const imagesOfUser = () =>
      t.database.db.selectFrom("images").select("id").where("user_id", "=", user.id).execute();
    const start = (await imagesOfUser()).length;

    const phone = await phoneJpegWithGps(1200, 900);
    expect(exifHasGps((await sharp(phone).metadata()).exif)).toBe(true);
    const put = await putPhoto(phone);
    expect(put.statusCode, put.body).toBe(200);
    const imageUrl: string = put.json().imageUrl;
    expect(imageUrl).toMatch(new RegExp(`^/api/harvests/${harvest.id}/photo\\?v=`));
    const photo = await me.get(imageUrl);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
    expect((await sharp(photo.rawPayload).metadata()).exif).toBeUndefined();
    expect((await me.get(`/api/plants/${plant.id}/harvests`)).json().harvests[0].imageUrl).toBe(
      imageUrl,
    );

    // Not a photo, or too large: refused, nothing kept.
    const text = Buffer.from("not a photo at all\n".repeat(50));
    const refused = await putPhoto(text, { filename: "beans.jpg", contentType: "image/jpeg" });
    expect(refused.statusCode, refused.body).toBe(415);
    const huge = await putPhoto(oversizedJpeg(11 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(await imagesOfUser()).toHaveLength(start + 1);

    const replaced = await putPhoto(await jpegPhoto(640, 480));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().imageUrl).not.toBe(imageUrl);
    expect(await imagesOfUser()).toHaveLength(start + 1);

    expect((await me.del(`/api/harvests/${harvest.id}/photo`)).statusCode).toBe(204);
    expect((await me.get(`/api/harvests/${harvest.id}/photo`)).statusCode).toBe(404);
    expect(await imagesOfUser()).toHaveLength(start);

    expect((await putPhoto(await jpegPhoto(320, 240))).statusCode).toBe(200);
    expect(await imagesOfUser()).toHaveLength(start + 1);
    expect((await me.del(`/api/harvests/${harvest.id}`)).statusCode).toBe(204);
    expect(await imagesOfUser()).toHaveLength(start);
  });

  it("exports harvests as CSV, formulas defused", async () => {
    const gardener = await signUp(t.app, { name: "Tansy" });
    const g = client(t.app, gardener.cookie);
    const plant = await addPlant(g);
    await logHarvest(g, plant.id, { weight: { value: 2, unit: "kg" }, note: "=HYPERLINK(1)" });
    const res = await g.get("/api/export/harvests.csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/tendril-harvests-.*\.csv/);
    const [header, row] = res.body.trim().split("\r\n");
    expect(header).toBe(
      "id,date,crop,cropSlug,plant,plantId,area,areaId,weightG,count,note,createdAt,updatedAt",
    );
    expect(row).toContain(`${TODAY},Tomato,tomato,Tomato,${plant.id},,,2000,,'=HYPERLINK(1)`);
  });
});
