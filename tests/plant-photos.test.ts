import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tomatoBody, utcToday } from "./support/garden";
import {
  exifHasGps,
  jpegPhoto,
  multipart,
  oversizedJpeg,
  phoneJpegWithGps,
  type StubIdentifier,
  stubIdentifier,
} from "./support/photos";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

const MB = 1024 * 1024;
/** The web app saves an identified plant as started today. */
const TODAY = utcToday();

describe.each(sqliteOnly)("plant photos on %s", (dialect) => {
  let t: TestApp;
  let stub: StubIdentifier;
  let user: SignedInUser;
  let other: SignedInUser;
  let photo: Buffer;

  beforeAll(async () => {
    stub = stubIdentifier();
    t = await createTestApp({ dialect, overrides: { plantIdentifier: stub } });
    user = await signUp(t.app, { name: "Coral" });
    other = await signUp(t.app, { name: "Flint" });
    photo = await jpegPhoto(1200, 900);
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (who: SignedInUser | null) => (who ? { cookie: who.cookie } : {});
  const send = (
    who: SignedInUser | null,
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...as(who), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const putPhoto = (who: SignedInUser | null, plantId: string, bytes: Buffer, options = {}) => {
    const form = multipart(bytes, options);
    return t.app.inject({
      method: "PUT",
      url: `/api/plants/${plantId}/photo`,
      headers: { ...as(who), ...form.headers },
      payload: form.payload,
    });
  };
  const addPlant = async (who: SignedInUser, extra: Record<string, unknown> = {}) => {
    const res = await send(who, "POST", "/api/plants", tomatoBody(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const imagesOf = (userId: string) =>
    t.database.db.selectFrom("images").select("id").where("user_id", "=", userId).execute();
  const expectError = (res: LightMyRequestResponse, status: number, code: string, text: RegExp) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toMatch(text);
  };

  it("answers 401 on the photo routes without a session", async () => {
    const id = randomUUID();
    for (const res of [
      await putPhoto(null, id, photo),
      await send(null, "GET", `/api/plants/${id}/photo`),
      await send(null, "DELETE", `/api/plants/${id}/photo`),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.code).toBe("unauthorized");
    }
  });

  it("adds, serves, replaces and removes a plant's photo, with EXIF and GPS gone", async () => {
    const { plant } = await addPlant(user, { name: "Photo tomato" });
    expect(plant.imageUrl).toBeNull();
    // The plant list is cached: the photo's change must reach it.
    expect((await send(user, "GET", "/api/plants")).statusCode).toBe(200);

    const phone = await phoneJpegWithGps(2000, 1500);
    expect(exifHasGps((await sharp(phone).metadata()).exif)).toBe(true);
    const put = await putPhoto(user, plant.id, phone);
    expect(put.statusCode, put.body).toBe(200);
    const detail = put.json();
    expect(detail.id).toBe(plant.id);
    expect(detail.timeline).toBeDefined();
    expect(detail.imageUrl).toMatch(new RegExp(`^/api/plants/${plant.id}/photo\\?v=[\\w-]+$`));

    const image = await send(user, "GET", detail.imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    expect(image.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 768, height: 1024 });
    expect(meta.exif).toBeUndefined();

    // Without the version the browser must revalidate; the ETag makes that cheap.
    const plain = await send(user, "GET", `/api/plants/${plant.id}/photo`);
    expect(plain.headers["cache-control"]).toBe("private, no-cache");
    const etag = String(plain.headers.etag);
    const again = await send(user, "GET", `/api/plants/${plant.id}/photo`, undefined, {
      "if-none-match": etag,
    });
    expect(again.statusCode).toBe(304);

    const listed = (await send(user, "GET", "/api/plants")).json().plants;
    expect(listed.find((p: { id: string }) => p.id === plant.id).imageUrl).toBe(detail.imageUrl);
    expect((await send(user, "GET", `/api/plants/${plant.id}`)).json().imageUrl).toBe(
      detail.imageUrl,
    );

    const before = (await imagesOf(user.id)).length;
    const replaced = await putPhoto(user, plant.id, await jpegPhoto(640, 480), {
      filename: "b.png",
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().imageUrl).not.toBe(detail.imageUrl);
    expect(await imagesOf(user.id)).toHaveLength(before);
    const newer = await send(user, "GET", replaced.json().imageUrl);
    expect(await sharp(newer.rawPayload).metadata()).toMatchObject({ width: 640, height: 480 });
    // The old URL names a photo that is gone: it answers with the current one, not cacheable.
    const stale = await send(user, "GET", detail.imageUrl);
    expect(stale.headers["cache-control"]).toBe("private, no-cache");
    expect(stale.rawPayload.equals(newer.rawPayload)).toBe(true);

    const removed = await send(user, "DELETE", `/api/plants/${plant.id}/photo`);
    expect(removed.statusCode).toBe(204);
    expect((await send(user, "GET", `/api/plants/${plant.id}`)).json().imageUrl).toBeNull();
    const afterList = (await send(user, "GET", "/api/plants")).json().plants;
    expect(afterList.find((p: { id: string }) => p.id === plant.id).imageUrl).toBeNull();
    expectError(
      await send(user, "GET", `/api/plants/${plant.id}/photo`),
      404,
      "not_found",
      /photo/,
    );
    expect(await imagesOf(user.id)).toHaveLength(before - 1);
    // Removing it again is not an error.
    expect((await send(user, "DELETE", `/api/plants/${plant.id}/photo`)).statusCode).toBe(204);
  });

  it("refuses uploads that are not photos, too large or not a form, and keeps nothing", async () => {
    const { plant } = await addPlant(user, { name: "Refusing tomato" });
    const before = await imagesOf(user.id);
    const text = Buffer.from("not a photo at all\n".repeat(50));
    expectError(
      await putPhoto(user, plant.id, text, { filename: "leaf.jpg", contentType: "image/jpeg" }),
      415,
      "unsupported_media_type",
      /JPEG, PNG or WebP image of up to 10 MB/,
    );
    expectError(
      await putPhoto(user, plant.id, oversizedJpeg(11 * MB)),
      413,
      "payload_too_large",
      /^Photos can be up to 10 MB/,
    );
    expectError(
      await send(user, "PUT", `/api/plants/${plant.id}/photo`, { image: photo.toString("base64") }),
      415,
      "unsupported_media_type",
      /multipart\/form-data/,
    );
    expectError(
      await putPhoto(user, plant.id, photo, { field: "file" }),
      400,
      "invalid_request",
      /field named image/,
    );
    expect(await imagesOf(user.id)).toEqual(before);
    expect((await send(user, "GET", `/api/plants/${plant.id}`)).json().imageUrl).toBeNull();
  });

  it("answers 404 for another gardener's plant photo and stores nothing for them", async () => {
    const { plant } = await addPlant(user, { name: "Private tomato" });
    const put = await putPhoto(user, plant.id, photo);
    const url = put.json().imageUrl;
    const theirs = await imagesOf(other.id);
    expectError(await send(other, "GET", url), 404, "not_found", /That plant was not found/);
    expectError(await send(other, "GET", `/api/plants/${plant.id}/photo`), 404, "not_found", /\S/);
    expectError(
      await putPhoto(other, plant.id, photo),
      404,
      "not_found",
      /That plant was not found/,
    );
    expectError(
      await send(other, "DELETE", `/api/plants/${plant.id}/photo`),
      404,
      "not_found",
      /\S/,
    );
    expect(await imagesOf(other.id)).toEqual(theirs);
    expect((await send(user, "GET", url)).statusCode).toBe(200);
    expectError(
      await send(user, "GET", `/api/plants/${randomUUID()}/photo`),
      404,
      "not_found",
      /\S/,
    );
  });

  it("saves an identification as a plant: identified, its photo, the chosen stage, tasks and next task", async () => {
    const identified = await send(user, "POST", "/api/gardening/identify-plant", {
      images: [photo.toString("base64")],
    });
    expect(identified.statusCode, identified.body).toBe(200);
    const identification = identified.json();

    const res = await send(user, "POST", "/api/plants", {
      name: identification.plantName,
      medium: "soil",
      place: "outdoor",
      lights: "sun",
      plantingDate: TODAY,
      identificationId: identification.id,
      stage: "seedling",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { plant, tasks } = res.json();
    expect(plant).toMatchObject({
      name: "Sunflower",
      source: "identified",
      cropSlug: "sunflower",
      scientificName: "Helianthus annuus",
      commonName: "Common sunflower",
      stage: "seedling",
      identifiedAt: identification.createdAt,
    });
    // Its timeline is dated back by the stage before, so it is a seedling today, not sprouting.
    expect(plant.timeline.currentStage).toBe("seedling");
    expect(plant.currentStage).toBe("seedling");
    expect(plant.plantingDate < TODAY).toBe(true);
    expect(tasks.length).toBeGreaterThan(0);
    expect(plant.nextTaskId).toBe(tasks[0].id);
    expect(plant.nextTask.id).toBe(plant.nextTaskId);
    const stored = await t.database.db
      .selectFrom("tasks")
      .select("id")
      .where("plant_id", "=", plant.id)
      .execute();
    expect(stored).toHaveLength(tasks.length);

    expect(plant.imageUrl).toMatch(/^\/api\/plants\/.+\/photo\?v=/);
    const image = await send(user, "GET", plant.imageUrl);
    expect(image.statusCode).toBe(200);
    const original = await send(user, "GET", identification.imageUrl);
    expect(image.rawPayload.equals(original.rawPayload)).toBe(true);

    // Without a stage it starts as a seed (spec §4 New plant).
    const seed = await send(user, "POST", "/api/plants", {
      ...tomatoBody({ name: "Sunny" }),
      identificationId: identification.id,
    });
    expect(seed.statusCode, seed.body).toBe(201);
    expect(seed.json().plant).toMatchObject({
      stage: "seed",
      source: "identified",
      cropSlug: "sunflower",
    });

    // Ten newer identifications prune the one the plant came from; the plant keeps its photo.
    for (let i = 0; i < 10; i++) {
      const more = await send(user, "POST", "/api/gardening/identify-plant", {
        images: [photo.toString("base64")],
      });
      expect(more.statusCode).toBe(200);
    }
    expectError(await send(user, "GET", identification.imageUrl), 404, "not_found", /\S/);
    expect((await send(user, "GET", plant.imageUrl)).statusCode).toBe(200);
    expectError(
      await send(user, "POST", "/api/plants", {
        ...tomatoBody(),
        identificationId: identification.id,
      }),
      404,
      "not_found",
      /That identification was not found/,
    );

    // Deleting the plant deletes its photo.
    const before = (await imagesOf(user.id)).length;
    expect((await send(user, "DELETE", `/api/plants/${plant.id}`)).statusCode).toBe(204);
    expect(await imagesOf(user.id)).toHaveLength(before - 1);
  });

  it("answers 404 for another gardener's identification or photo id, and saves nothing", async () => {
    const identification = (
      await send(user, "POST", "/api/gardening/identify-plant", {
        images: [photo.toString("base64")],
      })
    ).json();
    const { plant } = await addPlant(user, { name: "Source tomato" });
    const put = await putPhoto(user, plant.id, photo);
    const imageId = new URL(put.json().imageUrl, "http://x").searchParams.get("v");
    const count = async () =>
      (
        await t.database.db
          .selectFrom("plants")
          .select("id")
          .where("user_id", "=", other.id)
          .execute()
      ).length;
    const before = await count();
    expectError(
      await send(other, "POST", "/api/plants", {
        ...tomatoBody(),
        identificationId: identification.id,
      }),
      404,
      "not_found",
      /identification/,
    );
    expectError(
      await send(other, "POST", "/api/plants", { ...tomatoBody(), imageId }),
      404,
      "not_found",
      /photo/,
    );
    expect(await count()).toBe(before);

    // The owner can start a plant from a photo they have: it gets a copy of its own.
    const copy = await send(user, "POST", "/api/plants", {
      ...tomatoBody({ name: "Copy" }),
      imageId,
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().plant.imageUrl).not.toContain(String(imageId));
    expect((await send(user, "DELETE", `/api/plants/${plant.id}`)).statusCode).toBe(204);
    expect((await send(user, "GET", copy.json().plant.imageUrl)).statusCode).toBe(200);

    expectError(
      await send(user, "POST", "/api/plants", {
        ...tomatoBody(),
        identificationId: identification.id,
        imageId,
      }),
      400,
      "invalid_request",
      /not both/,
    );
  });
});
