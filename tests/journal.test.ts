import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, tomatoBody, utcToday } from "./support/garden";
import { exifHasGps, jpegPhoto, multipart, phoneJpegWithGps } from "./support/photos";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

const TODAY = utcToday();

describe.each(sqliteOnly)("plant journal on %s", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  let other: SignedInUser;
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    user = await signUp(t.app, { name: "Coral" });
    other = await signUp(t.app, { name: "Flint" });
    photo = await jpegPhoto(800, 600);
  });
  afterAll(async () => {
    await t.close();
  });

  const addPhoto = (who: SignedInUser, entryId: string, bytes: Buffer) => {
    const form = multipart(bytes);
    return t.app.inject({
      method: "POST",
      url: `/api/journal/${entryId}/photos`,
      headers: { cookie: who.cookie, ...form.headers },
      payload: form.payload,
    });
  };
  const addPlant = async (who: SignedInUser) => {
    const res = await client(t.app, who.cookie).post("/api/plants", tomatoBody());
    expect(res.statusCode, res.body).toBe(201);
    return res.json().plant as { id: string; stagePlan: { name: string }[] };
  };
  const addEntry = async (who: SignedInUser, plantId: string, body: object) => {
    const res = await client(t.app, who.cookie).post(`/api/plants/${plantId}/journal`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().entry as { id: string; photos: { id: string; url: string }[] };
  };
  const journalRows = async (userId: string) => ({
    entries: await t.database.db
      .selectFrom("journal_entries")
      .select("id")
      .where("user_id", "=", userId)
      .execute(),
    photos: await t.database.db
      .selectFrom("journal_photos")
      .select("image_id")
      .where("user_id", "=", userId)
      .execute(),
    images: await t.database.db
      .selectFrom("images")
      .select("id")
      .where("user_id", "=", userId)
      .execute(),
  });

  it("keeps an entry with its tags and photos, EXIF and GPS removed, and shows it on the card", async () => {
    const api = client(t.app, user.cookie);
    const plant = await addPlant(user);
    const entry = await addEntry(user, plant.id, {
      date: TODAY,
      note: "  First flowers  ",
      tags: ["pruned", "Watered", "pruned"],
    });

    const phone = await phoneJpegWithGps(2000, 1500);
    expect(exifHasGps((await sharp(phone).metadata()).exif)).toBe(true);
    const first = await addPhoto(user, entry.id, phone);
    expect(first.statusCode, first.body).toBe(201);
    const second = await addPhoto(user, entry.id, photo);
    expect(second.statusCode, second.body).toBe(201);

    const list = await api.get(`/api/plants/${plant.id}/journal`);
    expect(list.statusCode, list.body).toBe(200);
    const [kept] = list.json().entries;
    expect(kept).toMatchObject({
      id: entry.id,
      plantId: plant.id,
      date: TODAY,
      note: "First flowers",
      tags: ["watered", "pruned"],
    });
    expect(kept.photos.map((p: { position: number }) => p.position)).toEqual([0, 1]);

    const image = await api.get(kept.photos[0].url);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1024);
    expect(meta.exif).toBeUndefined();
    expect(exifHasGps(meta.exif)).toBe(false);

    // The card and the plant's page show the newest journal photo; imageUrl stays the plant's own.
    const cards = await api.get("/api/plants?view=summary");
    const card = cards.json().plants.find((p: { id: string }) => p.id === plant.id);
    expect(card.latestPhotoUrl).toBe(kept.photos[0].url);
    expect(card.imageUrl).toBeNull();
    const detail = (await api.get(`/api/plants/${plant.id}`)).json();
    expect(detail.latestPhotoUrl).toBe(kept.photos[0].url);

    // Deleting a photo deletes its image; deleting the entry deletes the rest.
    const del = await api.del(`/api/journal/${entry.id}/photos/${kept.photos[0].id}`);
    expect(del.statusCode, del.body).toBe(204);
    expect((await api.get(kept.photos[0].url)).statusCode).toBe(404);
    expect((await journalRows(user.id)).photos).toHaveLength(1);
    expect((await api.del(`/api/journal/${entry.id}`)).statusCode).toBe(204);
    expect(await journalRows(user.id)).toEqual({ entries: [], photos: [], images: [] });
    const after = (await api.get("/api/plants?view=summary")).json().plants;
    expect(after.find((p: { id: string }) => p.id === plant.id).latestPhotoUrl).toBeNull();
  });

  it("refuses a seventh photo with a message, and keeps nothing of it", async () => {
    const plant = await addPlant(user);
    const entry = await addEntry(user, plant.id, { date: TODAY });
    for (let i = 0; i < 6; i++) {
      const res = await addPhoto(user, entry.id, photo);
      expect(res.statusCode, res.body).toBe(201);
    }
    const imagesBefore = (await journalRows(user.id)).images.length;
    const seventh = await addPhoto(user, entry.id, photo);
    expect(seventh.statusCode).toBe(400);
    expect(seventh.json().error.message).toMatch(/up to 6 photos/);
    expect((await journalRows(user.id)).images).toHaveLength(imagesBefore);
    await client(t.app, user.cookie).del(`/api/journal/${entry.id}`);
  });

  it("answers another gardener 404 for the entry, its photos and the plant's journal", async () => {
    const plant = await addPlant(user);
    const entry = await addEntry(user, plant.id, { date: TODAY, note: "mine" });
    const added = (await addPhoto(user, entry.id, photo)).json().photo;
    const before = await journalRows(user.id);
    const them = client(t.app, other.cookie);
    const answers = [
      await them.get(`/api/plants/${plant.id}/journal`),
      await them.get(`/api/plants/${plant.id}/timeline`),
      await them.post(`/api/plants/${plant.id}/journal`, { date: TODAY, note: "theirs" }),
      await them.patch(`/api/journal/${entry.id}`, { note: "theirs" }),
      await them.del(`/api/journal/${entry.id}`),
      await them.get(added.url),
      await them.del(`/api/journal/${entry.id}/photos/${added.id}`),
      await addPhoto(other, entry.id, photo),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
    expect(await journalRows(user.id)).toEqual(before);
    expect((await journalRows(other.id)).images).toHaveLength(0);
  });

  it("refuses an entry emptied of everything, and a tag it does not know", async () => {
    const api = client(t.app, user.cookie);
    const plant = await addPlant(user);
    const entry = await addEntry(user, plant.id, { date: TODAY, tags: ["fed"] });
    const emptied = await api.patch(`/api/journal/${entry.id}`, { tags: [], note: " " });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().error.message).toMatch(/note, a tag or a photo/);
    const moved = await api.patch(`/api/journal/${entry.id}`, { note: "Liquid feed", tags: [] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().entry).toMatchObject({ note: "Liquid feed", tags: [] });
    const junk = await api.post(`/api/plants/${plant.id}/journal`, { date: TODAY, tags: ["sung"] });
    expect(junk.statusCode).toBe(400);
  });

  it("merges entries, stages reached, tasks done and harvests into the timeline, newest first", async () => {
    const api = client(t.app, user.cookie);
    const plant = await addPlant(user);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const old = await addEntry(user, plant.id, { date: yesterday, note: "Sown" });
    const stage = plant.stagePlan[1]?.name;
    expect(stage).toBeDefined();
    expect((await api.patch(`/api/plants/${plant.id}`, { stage })).statusCode).toBe(200);
    const tasks = (await api.get(`/api/tasks?plantId=${plant.id}`)).json().tasks;
    const done = await api.patch(`/api/tasks/${tasks[0].id}`, { status: "completed" });
    expect(done.statusCode, done.body).toBe(200);
    const fresh = await addEntry(user, plant.id, { date: TODAY, note: "Looking good" });
    const picked = await api.post(`/api/plants/${plant.id}/harvests`, {
      date: yesterday,
      weight: { value: 450, unit: "g" },
      count: null,
      note: "First trusses",
    });
    expect(picked.statusCode, picked.body).toBe(201);

    const res = await api.get(`/api/plants/${plant.id}/timeline`, { "x-timezone": "UTC" });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { kind: string; id: string; date: string }[];
    expect(items.map((i) => `${i.kind}:${i.id}`)).toEqual([
      `entry:${fresh.id}`,
      `task:${tasks[0].id}`,
      expect.stringMatching(/^stage:/),
      `harvest:${picked.json().harvest.id}`,
      `entry:${old.id}`,
    ]);
    expect(items[3]).toMatchObject({ harvest: { weightG: 450, note: "First trusses" } });
    expect(items.slice(0, 3).every((i) => i.date === TODAY)).toBe(true);
  });

  it("deletes a plant's journal, photos and images with the plant", async () => {
    const api = client(t.app, other.cookie);
    const plant = await addPlant(other);
    const entry = await addEntry(other, plant.id, { date: TODAY, note: "bye" });
    expect((await addPhoto(other, entry.id, photo)).statusCode).toBe(201);
    expect((await journalRows(other.id)).images).toHaveLength(1);
    expect((await api.del(`/api/plants/${plant.id}`)).statusCode).toBe(204);
    expect(await journalRows(other.id)).toEqual({ entries: [], photos: [], images: [] });
  });
});
