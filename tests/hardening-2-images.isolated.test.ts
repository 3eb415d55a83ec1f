import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { IMPORT_MAX_PIXELS } from "../src/server/features/account-data/import-photos";
import { checkPhoto, decodePhoto, MAX_PHOTO_PIXELS } from "../src/server/lib/photos/pipeline";
import { tomatoBody } from "./support/garden";
import {
  jpegPhoto,
  multipart,
  pngBomb,
  type StubIdentifier,
  stubIdentifier,
} from "./support/photos";
import { createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

// The real pipeline, watched: which photos were checked from their header, which were decoded.
vi.mock(import("../src/server/lib/photos/pipeline"), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    checkPhoto: vi.fn(original.checkPhoto),
    decodePhoto: vi.fn(original.decodePhoto),
  };
});
const checked = vi.mocked(checkPhoto);
const decoded = vi.mocked(decodePhoto);
const { decodePhoto: realDecode } = await vi.importActual<
  typeof import("../src/server/lib/photos/pipeline")
>("../src/server/lib/photos/pipeline");

/** 21 KB of PNG that decodes to 9000 × 9000 pixels. */
const BOMB = pngBomb(9000, 9000);
const IDENTIFY = "/api/gardening/identify-plant";
const TOO_MANY_PIXELS =
  /^That photo is 9000 × 9000 pixels \(81 megapixels\); Tendril takes photos up to 40 megapixels: send a smaller copy/;

/** Issue 20 item 3: every image decode goes through one gate (pixel cap, budget, queue). */
describe.each(sqliteOnly)("one admission path for every photo decode on %s", (dialect) => {
  let t: TestApp;
  let stub: StubIdentifier;
  let photo: Buffer;
  beforeAll(async () => {
    stub = stubIdentifier();
    t = await createTestApp({ dialect, overrides: { plantIdentifier: stub } });
    photo = await jpegPhoto(640, 480);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    checked.mockClear();
    decoded.mockClear();
  });

  const expectError = (res: LightMyRequestResponse, status: number, code: string, text: RegExp) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toMatch(text);
  };
  const putPhoto = (
    app: TestApp["app"],
    who: SignedInUser,
    plantId: string,
    bytes: Buffer,
    remoteAddress = "127.0.0.1",
  ) => {
    const form = multipart(bytes, { filename: "leaf.png", contentType: "image/png" });
    return app.inject({
      method: "PUT",
      url: `/api/plants/${plantId}/photo`,
      headers: { cookie: who.cookie, ...form.headers },
      payload: form.payload,
      remoteAddress,
    });
  };
  const identify = (app: TestApp["app"], who: SignedInUser, bytes: Buffer) =>
    app.inject({
      method: "POST",
      url: IDENTIFY,
      headers: { cookie: who.cookie },
      payload: { images: [bytes.toString("base64")] },
    });
  const importFile = (
    app: TestApp["app"],
    who: SignedInUser,
    file: unknown,
    remoteAddress = "127.0.0.1",
  ) =>
    app.inject({
      method: "POST",
      url: "/api/import",
      headers: { cookie: who.cookie },
      payload: file as object,
      remoteAddress,
    });
  const addPlant = async (app: TestApp["app"], who: SignedInUser, name: string) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/plants",
      headers: { cookie: who.cookie },
      payload: tomatoBody({ name }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().plant.id as string;
  };
  /**
   * An export of a gardener with one plant and its photo, the plant copied `count` times under new
   * ids, each copy's photo `bytes`.
   */
  const fileWithPhotos = async (app: TestApp["app"], bytes: Buffer[]) => {
    const owner = await signUp(app);
    const plantId = await addPlant(app, owner, "Photo tomato");
    expect((await putPhoto(app, owner, plantId, photo, "10.9.9.9")).statusCode).toBe(200);
    const res = await app.inject({
      method: "GET",
      url: "/api/export",
      headers: { cookie: owner.cookie },
    });
    const file = res.json();
    const [plant] = file.plants;
    file.plants = bytes.map((data, at) => ({
      ...plant,
      id: randomUUID(),
      name: `Copy ${at}`,
      photo: { ...plant.photo, data: data.toString("base64") },
    }));
    file.tasks = [];
    file.milestones = [];
    return file;
  };
  const plantsOf = (userId: string) =>
    t.database.db.selectFrom("plants").select("id").where("user_id", "=", userId).execute();

  it("refuses an 81-megapixel PNG of 21 KB with 413 on PUT photo, identify and import, decoding none of it", async () => {
    const user = await signUp(t.app);
    const plantId = await addPlant(t.app, user, "Bombed tomato");
    const file = await fileWithPhotos(t.app, [photo, BOMB]);
    const seen = stub.seen.length;
    decoded.mockClear();
    checked.mockClear();

    expectError(
      await putPhoto(t.app, user, plantId, BOMB),
      413,
      "payload_too_large",
      TOO_MANY_PIXELS,
    );
    expectError(await identify(t.app, user, BOMB), 413, "payload_too_large", TOO_MANY_PIXELS);
    const form = multipart(BOMB, { filename: "leaf.png", contentType: "image/png" });
    const identifyForm = await t.app.inject({
      method: "POST",
      url: IDENTIFY,
      headers: { cookie: user.cookie, ...form.headers },
      payload: form.payload,
    });
    expectError(identifyForm, 413, "payload_too_large", TOO_MANY_PIXELS);
    const imported = await importFile(t.app, user, file);
    expectError(
      imported,
      413,
      "payload_too_large",
      /^Check plants\.1\.photo\.data: That photo is 9000 × 9000 pixels/,
    );

    // Every photo was looked at from its header, and not one decoded: not even the good photo
    // of the import, whose every photo is checked before any is decoded.
    expect(checked).toHaveBeenCalledTimes(5);
    expect(decoded).not.toHaveBeenCalled();
    expect(stub.seen).toHaveLength(seen);
    expect(await plantsOf(user.id)).toHaveLength(1);
    const plant = await t.app.inject({
      method: "GET",
      url: `/api/plants/${plantId}`,
      headers: { cookie: user.cookie },
    });
    expect(plant.json().imageUrl).toBeNull();
  });

  it("still takes a photo of exactly 40 megapixels, decoded once", async () => {
    const user = await signUp(t.app);
    const plantId = await addPlant(t.app, user, "Big photo tomato");
    const res = await putPhoto(t.app, user, plantId, pngBomb(8000, 5000));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imageUrl).toMatch(/^\/api\/plants\/.+\/photo\?v=/);
    expect(decoded).toHaveBeenCalledTimes(1);
  });

  it("counts an import's photos by their pixels before decoding any, and refuses one over budget", async () => {
    const user = await signUp(t.app);
    // Just past the budget in photos of exactly the per-photo cap (each one on its own is fine).
    const count = Math.floor(IMPORT_MAX_PIXELS / MAX_PHOTO_PIXELS) + 1;
    const bomb = pngBomb(8000, 5000);
    expect(bomb.length).toBeLessThan(100_000);
    const huge = await fileWithPhotos(
      t.app,
      Array.from({ length: count }, () => bomb),
    );
    decoded.mockClear();
    checked.mockClear();
    const refused = await importFile(t.app, user, huge);
    expectError(
      refused,
      413,
      "payload_too_large",
      new RegExp(
        `^The photos in this file add up to ${count * 40} megapixels; one import reads at most 500 \\(.*\\)\\. Shrink the largest photos to 1024 pixels`,
      ),
    );
    expect(checked).toHaveBeenCalledTimes(count);
    expect(decoded).not.toHaveBeenCalled();
    expect(await plantsOf(user.id)).toEqual([]);

    // As many photos of a phone's size are read and imported.
    const small = await fileWithPhotos(
      t.app,
      Array.from({ length: count }, () => photo),
    );
    decoded.mockClear();
    const taken = await importFile(t.app, user, small, "10.7.7.7");
    expect(taken.statusCode, taken.body).toBe(200);
    expect(decoded).toHaveBeenCalledTimes(count);
    expect(await plantsOf(user.id)).toHaveLength(count);
  });

  it("counts every photo of an import as at least one stored photo's pixels", async () => {
    const user = await signUp(t.app);
    // Tiny files of 512 × 512 white, each counted as the 1024 × 1024 Tendril stores: one more
    // than the budget holds (by their own pixels they would be a quarter of it).
    const count = Math.floor(IMPORT_MAX_PIXELS / (1024 * 1024)) + 1;
    const stored = pngBomb(512, 512);
    const many = await fileWithPhotos(
      t.app,
      Array.from({ length: count }, () => stored),
    );
    decoded.mockClear();
    const refused = await importFile(t.app, user, many);
    expectError(
      refused,
      413,
      "payload_too_large",
      /^The photos in this file add up to 500\.2 megapixels; one import reads at most 500 \(a photo smaller than the 1024 × 1024 pixels Tendril keeps counts as that size\)/,
    );
    expect(decoded).not.toHaveBeenCalled();
    expect(await plantsOf(user.id)).toEqual([]);
  });

  it("counts PUT photo, identify and imports against one per-address budget (IDENTIFY_PER_MINUTE)", async () => {
    const t2 = await createTestApp({
      dialect,
      env: { IDENTIFY_PER_MINUTE: "3" },
      overrides: { plantIdentifier: stubIdentifier() },
    });
    try {
      const file = await fileWithPhotos(t2.app, [photo, photo, photo, photo]);
      const user = await signUp(t2.app);
      const plantId = await addPlant(t2.app, user, "Limited tomato");
      expect((await putPhoto(t2.app, user, plantId, photo)).statusCode).toBe(200);
      expect((await identify(t2.app, user, photo)).statusCode).toBe(200);
      expect((await putPhoto(t2.app, user, plantId, photo)).statusCode).toBe(200);
      decoded.mockClear();
      const refused = await putPhoto(t2.app, user, plantId, photo);
      expectError(
        refused,
        429,
        "rate_limited",
        /^3 photos a minute can be identified, added to plants or imported from one address: try the next one in \d+ seconds?\.$/,
      );
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expectError(await identify(t2.app, user, photo), 429, "rate_limited", /^3 photos a minute/);
      expectError(await importFile(t2.app, user, file), 429, "rate_limited", /^3 photos a minute/);
      expect(decoded).not.toHaveBeenCalled();
      // Nothing of the refused import was kept: it is all or nothing.
      const plants = await t2.database.db
        .selectFrom("plants")
        .select("id")
        .where("user_id", "=", user.id)
        .execute();
      expect(plants).toHaveLength(1);
      // Requests that decode no photo are not held back.
      const list = await t2.app.inject({
        method: "GET",
        url: "/api/plants",
        headers: { cookie: user.cookie },
      });
      expect(list.statusCode).toBe(200);

      // From another address with its budget whole, a backup of 4 photos (more than a minute's
      // budget) is restored; that address then waits for its next photo.
      const restorer = await signUp(t2.app);
      const restored = await importFile(t2.app, restorer, file, "10.0.0.2");
      expect(restored.statusCode, restored.body).toBe(200);
      expect(decoded).toHaveBeenCalledTimes(4);
      const own = await addPlant(t2.app, restorer, "After the import");
      expectError(
        await putPhoto(t2.app, restorer, own, photo, "10.0.0.2"),
        429,
        "rate_limited",
        /try the next one in \d+ (seconds|minutes)\.$/,
      );
    } finally {
      await t2.close();
    }
  });

  it("drops a plant photo from the decoder's queue when its sender hangs up while it waits", async () => {
    const t2 = await createTestApp({ dialect, overrides: { plantIdentifier: stubIdentifier() } });
    try {
      await t2.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t2.app.server.address() as AddressInfo;
      const user = await signUp(t2.app);
      const plantId = await addPlant(t2.app, user, "Queued tomato");
      // The first photo's decode waits until the test lets it go.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let decoding: () => void = () => {};
      const started = new Promise<void>((resolve) => {
        decoding = resolve;
      });
      decoded.mockImplementationOnce(async (checkedPhoto) => {
        decoding();
        await held;
        return realDecode(checkedPhoto);
      });
      const first = putPhoto(t2.app, user, plantId, photo);
      await started;

      checked.mockClear();
      const form = multipart(await jpegPhoto(320, 240));
      const sent = http.request({
        host: "127.0.0.1",
        port,
        method: "PUT",
        path: `/api/plants/${plantId}/photo`,
        headers: { cookie: user.cookie, ...form.headers, "content-length": form.payload.length },
      });
      sent.on("error", () => {});
      sent.end(form.payload);
      // Once its header is checked, the second photo is in the queue behind the first.
      await vi.waitFor(() => expect(checked.mock.settledResults[0]?.type).toBe("fulfilled"));
      sent.destroy();
      await vi.waitFor(
        () =>
          new Promise<void>((resolve, reject) =>
            t2.app.server.getConnections((err, open) =>
              err || open > 0 ? reject(err ?? new Error("still open")) : resolve(),
            ),
          ),
      );
      release();
      expect((await first).statusCode).toBe(200);
      // Only the first photo was decoded; the second was dropped from the queue.
      expect(decoded).toHaveBeenCalledTimes(1);
    } finally {
      await t2.close();
    }
  });
});
