import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { heicSupported } from "../src/server/lib/photos/pipeline";
import { tomatoBody } from "./support/garden";
import {
  exifHasGps,
  jpegPhoto,
  multipart,
  oversizedJpeg,
  phoneJpegWithGps,
  pngPhoto,
  type StubIdentifier,
  stubIdentifier,
  webpPhoto,
} from "./support/photos";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

const IDENTIFY = "/api/gardening/identify-plant";
const MB = 1024 * 1024;
const ACCEPTED = /JPEG, PNG or WebP image of up to 10 MB/;

describe.each(bothEngines)("plant identification API on %s", (dialect) => {
  let t: TestApp;
  let stub: StubIdentifier;
  let user: SignedInUser;
  let other: SignedInUser;
  let sunflowerJpeg: Buffer;

  beforeAll(async () => {
    stub = stubIdentifier();
    t = await createTestApp({ dialect, overrides: { plantIdentifier: stub } });
    user = await signUp(t.app, { name: "Coral" });
    other = await signUp(t.app, { name: "Flint" });
    sunflowerJpeg = await jpegPhoto(800, 600);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    stub.queue.length = 0;
  });

  const as = (who: SignedInUser | null) => (who ? { cookie: who.cookie } : {});
  const identifyJson = (who: SignedInUser | null, body: unknown) =>
    t.app.inject({ method: "POST", url: IDENTIFY, headers: as(who), payload: body as object });
  const identifyForm = (who: SignedInUser | null, form: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: "POST",
      url: IDENTIFY,
      headers: { ...as(who), ...form.headers },
      payload: form.payload,
    });
  const get = (who: SignedInUser | null, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { ...as(who), ...headers } });
  const post = (who: SignedInUser | null, url: string, body: unknown) =>
    t.app.inject({ method: "POST", url, headers: as(who), payload: body as object });
  const rowsOf = async (userId: string) => ({
    identifications: await t.database.db
      .selectFrom("identifications")
      .select(["id", "image_id"])
      .where("user_id", "=", userId)
      .execute(),
    images: await t.database.db
      .selectFrom("images")
      .select(["id", "mime_type", "width", "height"])
      .where("user_id", "=", userId)
      .execute(),
  });
  const expectError = (res: LightMyRequestResponse, status: number, code: string, text: RegExp) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toMatch(text);
  };

  it("answers 401 on every identification route without a session", async () => {
    const id = randomUUID();
    for (const res of [
      await identifyJson(null, { images: [sunflowerJpeg.toString("base64")] }),
      await identifyForm(null, multipart(sunflowerJpeg)),
      await get(null, "/api/identifications"),
      await get(null, `/api/identifications/${id}/image`),
      await get(null, "/api/gardening/care/catalogue?query=tomato"),
      await post(null, "/api/gardening/reframe-identification", {
        rawData: "Sunflower",
        analysisType: "identify",
        confidence: 0.9,
      }),
      await post(null, "/api/gardening/analyze-issue", { description: "yellow leaves" }),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.code).toBe("unauthorized");
    }
    expect(stub.seen).toHaveLength(0);
  });

  it("identifies a photo sent as the spec's JSON, as a data URL and as a form upload", async () => {
    const base64 = sunflowerJpeg.toString("base64");
    const spec = await identifyJson(user, {
      images: [base64],
      modifiers: ["crops_fast", "similar_images"],
      plantDetails: ["common_names", "url", "wiki_description", "taxonomy"],
    });
    expect(spec.statusCode, spec.body).toBe(200);
    const result = spec.json();
    expect(result).toEqual({
      id: expect.any(String),
      engine: "offline",
      recognised: true,
      plantName: "Sunflower",
      scientificName: "Helianthus annuus",
      confidence: 0.94,
      commonNames: ["Common sunflower", "Sunflower"],
      imageUrl: `/api/identifications/${result.id}/image`,
      cropSlug: "sunflower",
      suggestions: [
        {
          scientificName: "Helianthus annuus",
          commonNames: ["Common sunflower", "Sunflower"],
          confidence: 0.94,
          cropSlug: "sunflower",
        },
        {
          scientificName: "Helianthus tuberosus",
          commonNames: ["Jerusalem artichoke"],
          confidence: 0.03,
          cropSlug: "sunflower",
        },
      ],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // The identifier is shown the photo as a JPEG, never larger than the stored one.
    const shown = stub.seen.at(-1);
    expect(shown?.jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect([shown?.width, shown?.height]).toEqual([800, 600]);

    const dataUrl = await identifyJson(user, {
      images: [`data:image/png;base64,${base64}`],
    });
    expect(dataUrl.statusCode, dataUrl.body).toBe(200);
    const form = await identifyForm(user, multipart(sunflowerJpeg));
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().plantName).toBe("Sunflower");
  });

  it("reads PNG and WebP too, keeps WebP at most 1024 px on the longest side and never enlarges", async () => {
    const png = await identifyForm(
      user,
      multipart(await pngPhoto(2400, 1600), { filename: "a.png" }),
    );
    expect(png.statusCode, png.body).toBe(200);
    const big = await get(user, png.json().imageUrl);
    expect(await sharp(big.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 1024,
      height: 683,
    });
    const webp = await identifyJson(user, {
      images: [(await webpPhoto(500, 800)).toString("base64")],
    });
    expect(webp.statusCode, webp.body).toBe(200);
    const small = await get(user, webp.json().imageUrl);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 500,
      height: 800,
    });
  });

  it("stores a phone photo upright, as WebP, with its EXIF and GPS position gone", async () => {
    const phone = await phoneJpegWithGps(1600, 1200);
    const input = await sharp(phone).metadata();
    expect(input.orientation).toBe(6);
    expect(exifHasGps(input.exif)).toBe(true);

    for (const res of [
      await identifyForm(user, multipart(phone)),
      await identifyJson(user, { images: [phone.toString("base64")] }),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
      const image = await get(user, res.json().imageUrl);
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("image/webp");
      expect(image.headers["cache-control"]).toMatch(/^private/);
      const stored = await sharp(image.rawPayload).metadata();
      expect(stored.format).toBe("webp");
      expect(stored.exif).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
      expect(image.rawPayload.includes(Buffer.from("PhoneMaker"))).toBe(false);
      // Orientation 6 applied: the landscape pixels come back portrait, scaled to 1024.
      expect([stored.width, stored.height]).toEqual([768, 1024]);
      // What the identifier saw carries no metadata either.
      expect((await sharp(stub.seen.at(-1)?.jpeg).metadata()).exif).toBeUndefined();
    }
  });

  it("refuses a text file named .jpg with 415, telling what is accepted, and stores nothing", async () => {
    const before = await rowsOf(user.id);
    const text = Buffer.from("These are my garden notes, not a photo.\n".repeat(20));
    const seen = stub.seen.length;
    expectError(
      await identifyForm(
        user,
        multipart(text, { filename: "leaf.jpg", contentType: "image/jpeg" }),
      ),
      415,
      "unsupported_media_type",
      ACCEPTED,
    );
    expectError(
      await identifyJson(user, { images: [`data:image/jpeg;base64,${text.toString("base64")}`] }),
      415,
      "unsupported_media_type",
      ACCEPTED,
    );
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    expectError(
      await identifyForm(user, multipart(gif, { filename: "leaf.gif" })),
      415,
      "unsupported_media_type",
      ACCEPTED,
    );
    expect(stub.seen.length).toBe(seen);
    expect(await rowsOf(user.id)).toEqual(before);
  });

  it.runIf(!heicSupported())(
    "refuses HEIC where this server cannot decode it, suggesting JPEG",
    async () => {
      const heic = Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
        Buffer.alloc(512, 1),
      ]);
      expectError(
        await identifyForm(user, multipart(heic, { filename: "IMG_0001.HEIC" })),
        415,
        "unsupported_media_type",
        /HEIC.*JPEG/,
      );
    },
  );

  it("answers a damaged JPEG with 400 and a message, never 500", async () => {
    const truncated = sunflowerJpeg.subarray(0, Math.floor(sunflowerJpeg.length / 2));
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]);
    for (const bytes of [truncated, garbage]) {
      expectError(
        await identifyForm(user, multipart(bytes)),
        400,
        "invalid_request",
        /damaged or incomplete/,
      );
    }
  });

  it("refuses a photo over 10 MB with 413, as JSON base64 and as a form upload", async () => {
    const before = await rowsOf(user.id);
    const eleven = oversizedJpeg(11 * MB);
    expectError(
      await identifyJson(user, { images: [eleven.toString("base64")] }),
      413,
      "payload_too_large",
      /^Photos can be up to 10 MB: send a JPEG, PNG or WebP image/,
    );
    expectError(
      await identifyForm(user, multipart(eleven)),
      413,
      "payload_too_large",
      /^Photos can be up to 10 MB/,
    );
    // Larger still: the JSON body is refused before it is parsed, with the same message.
    expectError(
      await identifyJson(user, { images: [oversizedJpeg(13 * MB).toString("base64")] }),
      413,
      "payload_too_large",
      /^Photos can be up to 10 MB/,
    );
    expect(await rowsOf(user.id)).toEqual(before);
  });

  it("says what to send when the request holds no photo it can use", async () => {
    const cases: [LightMyRequestResponse, RegExp][] = [
      [await identifyJson(user, { images: [] }), /Add a photo/],
      [await identifyJson(user, { images: ["a", "b"] }), /one photo per identification/],
      [await identifyJson(user, { images: ["%%%not base64%%%"] }), /base64/],
      [
        await identifyJson(user, { images: [sunflowerJpeg.toString("base64")], image: "x" }),
        /Remove "image"/,
      ],
      [await identifyForm(user, multipart(sunflowerJpeg, { field: "photo" })), /field named image/],
      [
        await t.app.inject({ method: "POST", url: IDENTIFY, headers: as(user) }),
        /Send the photo as JSON/,
      ],
    ];
    for (const [res, message] of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
  });

  it("keeps a photo it could not recognise, with recognised false", async () => {
    stub.queue.push({ recognised: false, candidates: [] });
    const res = await identifyJson(user, { images: [sunflowerJpeg.toString("base64")] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      recognised: false,
      plantName: "Not recognised",
      commonNames: [],
      cropSlug: null,
      confidence: 0,
    });
    const list = (await get(user, "/api/identifications")).json().identifications;
    expect(list[0].id).toBe(res.json().id);
    expect((await get(user, res.json().imageUrl)).statusCode).toBe(200);
  });

  it("maps a species to its catalogue crop, or keeps its own name when only the genus matches", async () => {
    stub.queue.push({
      recognised: true,
      candidates: [
        {
          scientificName: "Capsicum annuum",
          commonNames: ["Pepper", "pepper", "Chilli"],
          confidence: 0.81,
        },
      ],
    });
    const pepper = (
      await identifyJson(user, { images: [sunflowerJpeg.toString("base64")] })
    ).json();
    expect(pepper).toMatchObject({
      plantName: "Bell pepper",
      cropSlug: "bell-pepper",
      commonNames: ["Pepper", "Chilli", "Bell pepper"],
    });
    stub.queue.push({
      recognised: true,
      candidates: [
        { scientificName: "Rosa chinensis", commonNames: ["China rose"], confidence: 0.77 },
      ],
    });
    const rose = (await identifyJson(user, { images: [sunflowerJpeg.toString("base64")] })).json();
    expect(rose).toMatchObject({ plantName: "China rose", cropSlug: "rose" });
    stub.queue.push({
      recognised: true,
      candidates: [{ scientificName: "Quercus robur", commonNames: [], confidence: 0.72 }],
    });
    const oak = (await identifyJson(user, { images: [sunflowerJpeg.toString("base64")] })).json();
    expect(oak).toMatchObject({ plantName: "Quercus robur", cropSlug: null });
  });

  it("answers 502 with a message when the identifier fails, and keeps nothing", async () => {
    const failing = stubIdentifier();
    failing.identify = async () => {
      throw new Error("worker crashed");
    };
    const t2 = await createTestApp({ dialect, overrides: { plantIdentifier: failing } });
    try {
      const someone = await signUp(t2.app);
      const res = await t2.app.inject({
        method: "POST",
        url: IDENTIFY,
        headers: { cookie: someone.cookie },
        payload: { images: [sunflowerJpeg.toString("base64")] },
      });
      expectError(res, 502, "upstream_unavailable", /try again/);
      const count = await t2.database.db
        .selectFrom("images")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    } finally {
      await t2.close();
    }
    expect(failing.closed).toBe(true);
  });

  it("answers 429 with Retry-After past IDENTIFY_PER_MINUTE photos from one address", async () => {
    const t2 = await createTestApp({
      dialect,
      env: { IDENTIFY_PER_MINUTE: "2" },
      overrides: { plantIdentifier: stubIdentifier() },
    });
    try {
      const someone = await signUp(t2.app);
      const send = () =>
        t2.app.inject({
          method: "POST",
          url: IDENTIFY,
          headers: { cookie: someone.cookie },
          payload: { images: [sunflowerJpeg.toString("base64")] },
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const third = await send();
      expectError(third, 429, "rate_limited", /^2 photos a minute can be identified/);
      expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
      // Other routes are not held back.
      const history = await t2.app.inject({
        method: "GET",
        url: "/api/identifications",
        headers: { cookie: someone.cookie },
      });
      expect(history.statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it("tells the identifier when the sender hangs up, and keeps nothing of that photo", async () => {
    // An identifier that answers only when told to stop: it notes when it has the photo.
    const waiting = stubIdentifier();
    let started: () => void = () => {};
    let stopped: () => void = () => {};
    const hasPhoto = new Promise<void>((resolve) => {
      started = resolve;
    });
    const toldToStop = new Promise<void>((resolve) => {
      stopped = resolve;
    });
    waiting.identify = (_photo, signal) =>
      new Promise((_resolve, reject) => {
        started();
        signal?.addEventListener("abort", () => {
          stopped();
          reject(signal.reason);
        });
      });
    const t2 = await createTestApp({ dialect, overrides: { plantIdentifier: waiting } });
    try {
      await t2.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t2.app.server.address() as AddressInfo;
      const someone = await signUp(t2.app);
      const body = JSON.stringify({ images: [sunflowerJpeg.toString("base64")] });
      const sent = http.request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: IDENTIFY,
        headers: {
          cookie: someone.cookie,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      });
      sent.on("error", () => {});
      sent.end(body);
      // Once the photo is with the identifier, the phone gives up.
      await hasPhoto;
      sent.destroy();
      await toldToStop;
      const count = await t2.database.db
        .selectFrom("identifications")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", someone.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    } finally {
      await t2.close();
    }
  });

  it("keeps the newest 10 identifications, newest first, and deletes the older ones' photos", async () => {
    const gardener = await signUp(t.app, { name: "Keeper" });
    const made: { id: string; imageUrl: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await identifyJson(gardener, { images: [sunflowerJpeg.toString("base64")] });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json());
    }
    const list = await get(gardener, "/api/identifications");
    expect(list.statusCode).toBe(200);
    const ids = list.json().identifications.map((i: { id: string }) => i.id);
    expect(ids).toEqual(
      made
        .slice(2)
        .reverse()
        .map((m) => m.id),
    );
    for (const old of made.slice(0, 2)) {
      expectError(await get(gardener, old.imageUrl), 404, "not_found", /\S/);
    }
    for (const kept of made.slice(2))
      expect((await get(gardener, kept.imageUrl)).statusCode).toBe(200);
    const rows = await rowsOf(gardener.id);
    expect(rows.identifications).toHaveLength(10);
    expect(rows.images).toHaveLength(10);
    expect(new Set(rows.identifications.map((r) => r.image_id))).toEqual(
      new Set(rows.images.map((r) => r.id)),
    );
  });

  it("answers 404 for another gardener's identification photo and lists only your own", async () => {
    const mine = (await identifyJson(user, { images: [sunflowerJpeg.toString("base64")] })).json();
    expectError(await get(other, mine.imageUrl), 404, "not_found", /was not found/);
    expectError(
      await get(user, `/api/identifications/${randomUUID()}/image`),
      404,
      "not_found",
      /\S/,
    );
    const theirs = (await get(other, "/api/identifications")).json().identifications;
    expect(theirs.some((i: { id: string }) => i.id === mine.id)).toBe(false);
  });

  it("answers the spec's care info from the catalogue and the knowledge base", async () => {
    const res = await get(user, "/api/gardening/care/catalogue?query=tomato");
    expect(res.statusCode, res.body).toBe(200);
    const care = res.json();
    expect(care).toMatchObject({
      id: "tomato",
      name: "Tomato",
      scientificName: "Solanum lycopersicum",
      provider: "catalogue",
    });
    expect(care.sunlight).toMatch(/^Full sun — Tomatoes need full sun/);
    expect(care.watering).toMatch(/^Moderate — Water tomatoes deeply/);
    expect(care.soil).toMatch(/pH 6–6\.8\.$/);
    expect(care.growth_habit).toMatch(
      /^Vegetable; first harvest about 100–130 days from sowing; space plants 60 cm \(24 in\) apart\.$/,
    );
    expect(care.maintenance).toBe("Moderate");
    expect(care.toxicity).toMatch(/toxic/);
    expect(care.sources.map((s: { ref: string }) => s.ref)).toContain("crops/tomato#sun");
    // A °F gardener reads the same sheet in inches.
    const fahrenheit = await signUp(t.app);
    await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: fahrenheit.cookie },
      payload: { units: "F" },
    });
    const inF = (await get(fahrenheit, "/api/gardening/care/catalogue?query=tomato")).json();
    expect(inF.growth_habit).toMatch(/; space plants 24 in apart\.$/);
    expect(inF).toMatchObject({ id: "tomato", sunlight: care.sunlight, maintenance: "Moderate" });
    for (const key of [
      "id",
      "sunlight",
      "watering",
      "growth_habit",
      "toxicity",
      "soil",
      "maintenance",
      "pruning_month",
    ]) {
      expect(care).toHaveProperty(key);
    }
    // By scientific name, alias and plural too.
    for (const query of ["Solanum lycopersicum", "Tomatoes"]) {
      expect(
        (await get(user, `/api/gardening/care/catalogue?query=${encodeURIComponent(query)}`)).json()
          .id,
      ).toBe("tomato");
    }
    expect((await get(user, "/api/gardening/care/catalogue?query=cilantro")).json().id).toBe(
      "coriander",
    );
    const apple = (await get(user, "/api/gardening/care/catalogue?query=apple")).json();
    expect(apple.pruning_month).toMatch(/in winter/i);
    const lily = (await get(user, "/api/gardening/care/catalogue?query=lily")).json();
    expect(lily.toxicity).toMatch(/cats/);

    expectError(
      await get(user, "/api/gardening/care/perenual?query=tomato"),
      404,
      "not_found",
      /use catalogue/,
    );
    expectError(
      await get(user, "/api/gardening/care/catalogue?query=moon%20cactus"),
      404,
      "not_found",
      /no care notes/,
    );
    expectError(await get(user, "/api/gardening/care/catalogue"), 400, "invalid_request", /query/);
  });

  it("writes an AI summary that says what the plant is, how sure, and how to care for it", async () => {
    const sure = await post(user, "/api/gardening/reframe-identification", {
      rawData: {
        plantName: "Sunflower",
        scientificName: "Helianthus annuus",
        commonNames: ["Common sunflower", "Sunflower"],
        cropSlug: "sunflower",
        imageUrl: "/api/identifications/x/image",
        suggestions: [],
      },
      analysisType: "identify",
      confidence: 0.94,
    });
    expect(sure.statusCode, sure.body).toBe(200);
    const summary: string = sure.json().summary;
    expect(summary).toMatch(/^This looks like \*\*Sunflower\*\* \(\*Helianthus annuus\*\)/);
    expect(summary).toContain("94% sure");
    expect(summary).not.toMatch(/best guess/);
    expect(summary).toMatch(/Sunflowers need full sun/);
    expect(summary).toMatch(/Water sunflowers deeply/);
    expect(sure.json()).toMatchObject({ engine: "built-in" });

    const unsure = await post(user, "/api/gardening/reframe-identification", {
      rawData: "Sunflower",
      analysisType: "identify",
      confidence: 0.55,
    });
    expect(unsure.json().summary).toMatch(/only 55% sure, so treat it as a best guess/);

    const none = await post(user, "/api/gardening/reframe-identification", {
      rawData: { plantName: "Not recognised", recognised: false },
      analysisType: "identify",
      confidence: 0,
    });
    expect(none.json().summary).toMatch(/could not recognise a plant/);

    for (const [body, message] of [
      [{ rawData: "Sunflower", analysisType: "disease", confidence: 0.9 }, /not available yet/],
      [{ rawData: "Sunflower", analysisType: "identify", confidence: 94 }, /from 0 to 1/],
      [{ rawData: "x".repeat(201), analysisType: "identify", confidence: 0.5 }, /rawData/],
    ] as const) {
      expectError(
        await post(user, "/api/gardening/reframe-identification", body),
        400,
        "invalid_request",
        message,
      );
    }
  });

  it("analyses an issue into likely causes with what to do, for a plant of your own", async () => {
    const res = await post(user, "/api/gardening/analyze-issue", {
      description: "tomato leaves yellowing",
      location: "Portland, OR",
    });
    expect(res.statusCode, res.body).toBe(200);
    const analysis = res.json();
    expect(analysis.summary).toMatch(/most likely cause is \*\*/);
    expect(analysis.causes.length).toBeGreaterThanOrEqual(2);
    expect(analysis.causes[0]).toEqual({
      name: "Early blight and Septoria leaf spot",
      likelihood: "high",
      why: expect.stringMatching(/yellowing lower leaves/),
      actions: [expect.stringMatching(/^Remove affected leaves/)],
    });
    for (const cause of analysis.causes) {
      expect(["high", "medium", "low"]).toContain(cause.likelihood);
      expect(cause.why.length).toBeGreaterThan(10);
    }
    expect(analysis.causes.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(["Nitrogen shortage"]),
    );

    const plant = await post(
      user,
      "/api/plants",
      tomatoBody({ name: "Big Tom", cropSlug: "tomato" }),
    );
    expect(plant.statusCode, plant.body).toBe(201);
    const plantId = plant.json().plant.id;
    const focused = await post(user, "/api/gardening/analyze-issue", {
      description: "the leaves are turning yellow from the bottom",
      plantId,
    });
    expect(focused.statusCode, focused.body).toBe(200);
    expect(focused.json().summary).toMatch(/^From your description of your Big Tom/);
    expect(focused.json().causes[0].name).toBe("Early blight and Septoria leaf spot");

    expectError(
      await post(other, "/api/gardening/analyze-issue", { description: "yellow leaves", plantId }),
      404,
      "not_found",
      /That plant was not found/,
    );
    const vague = await post(user, "/api/gardening/analyze-issue", {
      description: "my plant looks sad",
    });
    expect(vague.json()).toMatchObject({
      causes: [],
      summary: expect.stringMatching(/Describe what you see/),
    });

    for (const [body, message] of [
      [{ description: "" }, /Describe what you see/],
      [{ description: "x".repeat(5001) }, /5,000 characters/],
      [{ description: "yellow\u0000leaves" }, /NUL/],
      [{ description: "yellow leaves", colour: "red" }, /Remove "colour"/],
    ] as const) {
      expectError(
        await post(user, "/api/gardening/analyze-issue", body),
        400,
        "invalid_request",
        message,
      );
    }
  });

  it("documents every identification route in the OpenAPI document", async () => {
    const doc = (await get(null, "/api/openapi.json")).json();
    const identify = doc.paths[IDENTIFY].post;
    expect(Object.keys(identify.requestBody.content)).toEqual([
      "application/json",
      "multipart/form-data",
    ]);
    expect(identify.requestBody.content["multipart/form-data"].schema.properties.image.format).toBe(
      "binary",
    );
    for (const [path, method] of [
      ["/api/identifications", "get"],
      ["/api/identifications/{id}/image", "get"],
      ["/api/gardening/care/{provider}", "get"],
      ["/api/gardening/reframe-identification", "post"],
      ["/api/gardening/analyze-issue", "post"],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(
      Object.keys(doc.paths["/api/identifications/{id}/image"].get.responses["200"].content),
    ).toEqual(["image/webp"]);
  });
});
