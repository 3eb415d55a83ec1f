import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakePlantId, startFakePlantId, TOMATO } from "./fakes/plant-id";
import { BASIL, type FakePlantNet, startFakePlantNet } from "./fakes/plantnet";
import { multipart } from "./support/photos";
import { createTestApp, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

// The server as configured, no stub: the real offline model in its worker thread, and the cloud
// providers on fake servers reached through their environment variables.

const IDENTIFY = "/api/gardening/identify-plant";
const sunflowerRgb = fs.readFileSync(
  path.join(import.meta.dirname, "fixtures", "images", "sunflower.rgb"),
);
/** Coral's sunflower, turned into a JPEG as a camera would send it. */
const sunflowerJpeg = () =>
  sharp(sunflowerRgb, { raw: { width: 224, height: 224, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
/** A photo of nothing the model knows: a plain grey card. */
const greyCard = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#7f7f7f" } })
    .jpeg()
    .toBuffer();

async function identify(t: TestApp, user: SignedInUser, jpeg: Buffer) {
  const form = multipart(jpeg, { filename: "photo.jpg", contentType: "image/jpeg" });
  return t.app.inject({
    method: "POST",
    url: IDENTIFY,
    headers: { cookie: user.cookie, ...form.headers },
    payload: form.payload,
  });
}

describe("identification with the shipped offline model", () => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signUp(t.app, { name: "Coral" });
  });
  afterAll(() => t.close());

  it("names Coral's sunflower Helianthus annuus with confidence ≥ 0.9, the Sunflower crop", async () => {
    const res = await identify(t, user, await sunflowerJpeg());
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({
      engine: "offline",
      recognised: true,
      scientificName: "Helianthus annuus",
      plantName: "Sunflower",
      cropSlug: "sunflower",
    });
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
    expect(result.suggestions[0].scientificName).toBe("Helianthus annuus");
    expect(result.suggestions.length).toBeLessThanOrEqual(5);
  });

  it("takes the spec's JSON body with base64 too", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: IDENTIFY,
      headers: { cookie: user.cookie },
      payload: { images: [(await sunflowerJpeg()).toString("base64")] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().scientificName).toBe("Helianthus annuus");
  });

  it("says it did not recognise a grey card", async () => {
    const res = await identify(t, user, await greyCard());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recognised).toBe(false);
  });
});

describe("a cloud provider behind the offline model", () => {
  let plantId: FakePlantId;
  let plantNet: FakePlantNet;
  let withPlantId: TestApp;
  let withPlantNet: TestApp;
  let a: SignedInUser;
  let b: SignedInUser;
  beforeAll(async () => {
    plantId = await startFakePlantId({ behaviour: TOMATO });
    plantNet = await startFakePlantNet({ behaviour: BASIL });
    withPlantId = await createTestApp({
      env: {
        PLANT_ID_API_KEY: plantId.apiKey,
        PLANT_ID_BASE_URL: plantId.url,
        PLANT_ID_TIMEOUT_MS: "1500",
      },
    });
    withPlantNet = await createTestApp({
      env: { PLANTNET_API_KEY: plantNet.apiKey, PLANTNET_BASE_URL: plantNet.url },
    });
    a = await signUp(withPlantId.app, { name: "Ada" });
    b = await signUp(withPlantNet.app, { name: "Bo" });
  });
  afterAll(async () => {
    await Promise.all([withPlantId.close(), withPlantNet.close()]);
    await Promise.all([plantId.close(), plantNet.close()]);
  });

  it("keeps a confident offline answer without asking Plant.id", async () => {
    plantId.reset();
    const res = await identify(withPlantId, a, await sunflowerJpeg());
    expect(res.json()).toMatchObject({ engine: "offline", scientificName: "Helianthus annuus" });
    expect(plantId.requests).toHaveLength(0);
  });

  it("asks Plant.id when the offline model is unsure, sends the cleaned photo, keeps its answer", async () => {
    plantId.reset();
    const res = await identify(withPlantId, a, await greyCard());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      engine: "plant.id",
      recognised: true,
      scientificName: "Solanum lycopersicum",
      cropSlug: "tomato",
      plantName: "Tomato",
    });
    expect(plantId.requests).toHaveLength(1);
    const sent = plantId.requests[0]?.image;
    if (!sent) throw new Error("Plant.id was sent no image");
    expect((await sharp(sent).metadata()).format).toBe("jpeg");
  });

  it("leaves the offline answer standing when Plant.id fails or times out", async () => {
    for (const behaviour of [{ kind: "fail", status: 500 }, { kind: "hang" }] as const) {
      plantId.reset();
      plantId.behaviour = behaviour;
      const res = await identify(withPlantId, a, await greyCard());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ engine: "offline", recognised: false });
      expect(plantId.requests).toHaveLength(1);
    }
  });

  it("asks Pl@ntNet when it is the provider configured", async () => {
    plantNet.reset();
    const res = await identify(withPlantNet, b, await greyCard());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ engine: "plantnet", recognised: true });
    expect(res.json().scientificName).toMatch(/^Ocimum/);
    expect(plantNet.requests).toHaveLength(1);
  });
});
