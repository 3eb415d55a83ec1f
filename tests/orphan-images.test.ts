import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gardenImageIds } from "../src/server/features/garden/read-model";
import { identificationImageIds } from "../src/server/features/identification/read-model";
import {
  ImageSweep,
  sweepUnreferencedImages,
} from "../src/server/features/photos/image-sweep-service";
import { type Client, client, tomatoBody, utcToday } from "./support/garden";
import { jpegPhoto, multipart } from "./support/photos";
import { tablesOf } from "./support/tables";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

const PARALLEL = 10;
const MINUTE = 60_000;

// Issue 37 item 7: ten uploads of a harvest's photo at once left six images no row pointed at
// (each read the same old photo, deleted it, and left the ones stored between behind). The
// uploads now take turns, and a sweep deletes whatever is unreferenced all the same.
describe.each(bothEngines)("images no row points at, on %s", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  let me: Client;
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    user = await signUp(t.app);
    me = client(t.app, user.cookie);
    photo = await jpegPhoto(320, 240);
  });
  afterAll(async () => {
    await t.close();
  });

  const imagesOfUser = async () =>
    (
      await t.database.db
        .selectFrom("images")
        .select("id")
        .where("user_id", "=", user.id)
        .orderBy("id")
        .execute()
    ).map((row) => row.id);
  const putPhotos = (url: string) =>
    Promise.all(
      Array.from({ length: PARALLEL }, () => {
        const form = multipart(photo);
        return t.app.inject({
          method: "PUT",
          url,
          headers: { cookie: user.cookie, ...form.headers },
          payload: form.payload,
        });
      }),
    );
  const addPlant = async () => {
    const res = await me.post("/api/plants", tomatoBody());
    expect(res.statusCode, res.body).toBe(201);
    return res.json().plant.id as string;
  };
  const imageIdIn = (url: string) => new URL(url, "http://x").searchParams.get("v");
  /** An image row of the user, `ageMs` old. */
  const storeImage = async (ageMs: number) => {
    const id = randomUUID();
    await t.database.db
      .insertInto("images")
      .values({
        id,
        user_id: user.id,
        bytes: Buffer.from("webp"),
        mime_type: "image/webp",
        width: 1,
        height: 1,
        created_at: new Date(Date.now() - ageMs).toISOString(),
      })
      .execute();
    return id;
  };
  const clearImages = async () => {
    await t.database.db.updateTable("plants").set({ image_id: null }).execute();
    await t.database.db.updateTable("harvests").set({ image_id: null }).execute();
    await t.database.db.deleteFrom("journal_photos").execute();
    await t.database.db.deleteFrom("identifications").execute();
    await t.database.db.deleteFrom("images").execute();
  };

  it(`keeps only the last of ${PARALLEL} harvest photos uploaded at once`, async () => {
    await clearImages();
    const plantId = await addPlant();
    const logged = await me.post(`/api/plants/${plantId}/harvests`, {
      date: utcToday(),
      weight: null,
      count: 3,
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const harvestId = logged.json().harvest.id;
    const puts = await putPhotos(`/api/harvests/${harvestId}/photo`);
    expect(puts.map((res) => res.statusCode)).toEqual(Array(PARALLEL).fill(200));

    const shown = (await me.get("/api/harvests")).json().harvests[0].imageUrl;
    expect(await imagesOfUser()).toEqual([imageIdIn(shown)]);
  });

  it(`keeps only the last of ${PARALLEL} plant photos uploaded at once`, async () => {
    await clearImages();
    const plantId = await addPlant();
    const puts = await putPhotos(`/api/plants/${plantId}/photo`);
    expect(puts.map((res) => res.statusCode)).toEqual(Array(PARALLEL).fill(200));

    const shown = (await me.get(`/api/plants/${plantId}`)).json().imageUrl;
    expect(await imagesOfUser()).toEqual([imageIdIn(shown)]);
  });

  it("sweeps images no plant, harvest, journal photo or identification shows, once old enough", async () => {
    await clearImages();
    const now = new Date().toISOString();
    const plantId = await addPlant();
    const harvest = await me.post(`/api/plants/${plantId}/harvests`, {
      date: utcToday(),
      weight: null,
      count: 1,
    });
    const old = 60 * MINUTE;
    const shown = {
      plant: await storeImage(old),
      harvest: await storeImage(old),
      journal: await storeImage(old),
      identification: await storeImage(old),
    };
    const db = t.database.db;
    await db
      .updateTable("plants")
      .set({ image_id: shown.plant })
      .where("id", "=", plantId)
      .execute();
    await db
      .updateTable("harvests")
      .set({ image_id: shown.harvest })
      .where("id", "=", harvest.json().harvest.id)
      .execute();
    await db
      .insertInto("journal_photos")
      .values({
        id: randomUUID(),
        user_id: user.id,
        entry_id: randomUUID(),
        image_id: shown.journal,
        position: 0,
        created_at: now,
      })
      .execute();
    await db
      .insertInto("identifications")
      .values({
        id: randomUUID(),
        user_id: user.id,
        result: "{}",
        image_id: shown.identification,
        created_at: now,
      })
      .execute();
    const orphan = await storeImage(old);
    // Young: it may be an upload whose row is not written yet.
    const young = await storeImage(5 * MINUTE);

    expect(await sweepUnreferencedImages(db)).toBe(1);
    const kept = [...Object.values(shown), young].sort();
    expect(await imagesOfUser()).toEqual(kept);
    expect(kept).not.toContain(orphan);

    // An hour on, the young one is old enough too; the ones shown stay.
    expect(await sweepUnreferencedImages(db, new Date(Date.now() + 60 * MINUTE))).toBe(1);
    expect(await imagesOfUser()).toEqual(Object.values(shown).sort());
  });

  it("sweeps from the periodic job at most once an hour", async () => {
    await clearImages();
    const sweep = new ImageSweep(t.database.db);
    const start = new Date();
    await storeImage(60 * MINUTE);
    expect(await sweep.runIfDue(start)).toBe(1);
    await storeImage(60 * MINUTE);
    expect(await sweep.runIfDue(new Date(start.getTime() + 59 * MINUTE))).toBe(0);
    expect(await imagesOfUser()).toHaveLength(1);
    expect(await sweep.runIfDue(new Date(start.getTime() + 60 * MINUTE))).toBe(1);
    expect(await imagesOfUser()).toEqual([]);
  });

  it("asks every table with an image_id column which images it shows", async () => {
    const withImages = [...(await tablesOf(t.database))]
      .filter(([, columns]) => columns.includes("image_id"))
      .map(([name]) => name)
      .sort();
    expect(withImages.length).toBeGreaterThanOrEqual(4);
    const asked = [...gardenImageIds(t.database.db), ...identificationImageIds(t.database.db)]
      .map((query) => /from "([a-z_]+)"/.exec(query.compile().sql)?.[1])
      .sort();
    expect(asked).toEqual(withImages);
  });
});
