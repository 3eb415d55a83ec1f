import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closedPortUrl } from "../../../../tests/fakes/open-meteo";
import { type FakePlantNet, startFakePlantNet } from "../../../../tests/fakes/plantnet";
import { captureLog } from "../../../../tests/support/capture-log";
import { AppError } from "../../errors";
import type { PreparedPhoto } from "./plant-identifier";
import { PlantNet } from "./plantnet";

let fake: FakePlantNet;
let photo: PreparedPhoto;

beforeAll(async () => {
  fake = await startFakePlantNet({ apiKey: "pn-secret-77c1" });
  const jpeg = await sharp({
    create: { width: 12, height: 16, channels: 3, background: { r: 30, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  photo = { jpeg, width: 12, height: 16 };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const client = (overrides: Partial<ConstructorParameters<typeof PlantNet>[0]> = {}) =>
  new PlantNet({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 2000, ...overrides });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("PlantNet", () => {
  it("posts the JPEG as multipart `images` with organ auto, asking for five results in English", async () => {
    await client().identify(photo);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v2/identify/all");
    expect(request?.query.get("api-key")).toBe("pn-secret-77c1");
    expect(request?.query.get("nb-results")).toBe("5");
    expect(request?.query.get("lang")).toBe("en");
    expect(request?.organs).toEqual(["auto"]);
    expect(request?.images).toHaveLength(1);
    expect(request?.images[0]?.type).toBe("image/jpeg");
    expect(request?.images[0]?.bytes.equals(photo.jpeg)).toBe(true);
  });

  it("maps results best first, scientific names without author, common names kept", async () => {
    const result = await client().identify(photo);
    expect(result.engine).toBe("plantnet");
    expect(result.recognised).toBe(true);
    expect(result.candidates).toHaveLength(5);
    expect(result.candidates[0]).toEqual({
      scientificName: "Ocimum basilicum",
      commonNames: ["Basil", "Sweet basil"],
      confidence: 0.86214,
    });
    expect(result.candidates.map((c) => c.confidence)).toEqual([
      0.86214, 0.04391, 0.02177, 0.01002, 0.00581,
    ]);
  });

  it("reads a species without common names", async () => {
    fake.behaviour = {
      kind: "body",
      body: {
        results: [
          { score: 0.41, species: { scientificNameWithoutAuthor: "Rubus idaeus" } },
          {
            score: 0.52,
            species: { scientificNameWithoutAuthor: "Rubus caesius", commonNames: ["Dewberry"] },
          },
        ],
      },
    };
    expect((await client().identify(photo)).candidates).toEqual([
      { scientificName: "Rubus caesius", commonNames: ["Dewberry"], confidence: 0.52 },
      { scientificName: "Rubus idaeus", commonNames: [], confidence: 0.41 },
    ]);
  });

  it("answers not recognised, without failing, on Pl@ntNet's 404 Species not found", async () => {
    fake.behaviour = { kind: "not-found" };
    expect(await client().identify(photo)).toEqual({
      engine: "plantnet",
      recognised: false,
      candidates: [],
    });
  });

  it("treats a 404 that is not 'Species not found' (a wrong base URL) as a failure", async () => {
    const error = await failure(client({ baseUrl: `${fake.url}/api` }).identify(photo));
    expect(error.message).toContain("HTTP 404");
  });

  it("fails with a 502 on a wrong key, naming the status", async () => {
    const error = await failure(client({ apiKey: "wrong" }).identify(photo));
    expect(error.statusCode).toBe(502);
    expect(error.code).toBe("upstream_unavailable");
    expect(error.message).toContain("HTTP 401");
  });

  it("fails with a 502 when Pl@ntNet answers 500", async () => {
    fake.behaviour = { kind: "fail", status: 500 };
    expect((await failure(client().identify(photo))).message).toContain("HTTP 500");
  });

  it("fails with a 502 on a body that is not JSON, or JSON of another shape", async () => {
    fake.behaviour = { kind: "malformed" };
    expect((await failure(client().identify(photo))).message).toMatch(/could not read/);
    fake.behaviour = { kind: "body", body: { results: [{ score: "high" }] } };
    expect((await failure(client().identify(photo))).message).toMatch(/could not read/);
  });

  it("gives up after the timeout", async () => {
    fake.behaviour = { kind: "hang" };
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 150 }).identify(photo));
    expect(error.message).toMatch(/did not answer within 0\.2 s/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("stops when the caller aborts, with the caller's reason", async () => {
    fake.behaviour = { kind: "hang" };
    const controller = new AbortController();
    const pending = client({ timeoutMs: 5000 }).identify(photo, controller.signal);
    setTimeout(() => controller.abort(new Error("gardener left")), 50);
    await expect(pending).rejects.toThrow("gardener left");
  });

  it("logs failures at warn without the API key, which travels in the URL", async () => {
    const { log, text } = captureLog();
    const logged = client({ log, timeoutMs: 150 });
    for (const behaviour of [
      { kind: "fail", status: 500 },
      { kind: "fail", status: 429, message: "Too many requests" },
      { kind: "malformed" },
      { kind: "body", body: {} },
      { kind: "hang" },
    ] as const) {
      fake.behaviour = behaviour;
      await failure(logged.identify(photo));
    }
    await failure(client({ log, apiKey: "wrong-key-x" }).identify(photo));
    await failure(client({ log, baseUrl: await closedPortUrl() }).identify(photo));
    const lines = text().trim().split("\n");
    expect(lines).toHaveLength(7);
    for (const line of lines) {
      const entry = JSON.parse(line);
      expect(entry.level).toBe(40);
      expect(entry.url).toMatch(/\/v2\/identify\/all$/);
    }
    expect(text()).not.toContain(fake.apiKey);
    expect(text()).not.toContain("wrong-key-x");
  });
});
