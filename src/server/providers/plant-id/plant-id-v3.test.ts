import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closedPortUrl } from "../../../../tests/fakes/open-meteo";
import { type FakePlantId, startFakePlantId } from "../../../../tests/fakes/plant-id";
import { captureLog } from "../../../../tests/support/capture-log";
import { AppError } from "../../errors";
import { PlantIdV3 } from "./plant-id-v3";
import type { PreparedPhoto } from "./plant-identifier";

let fake: FakePlantId;
let photo: PreparedPhoto;

beforeAll(async () => {
  fake = await startFakePlantId({ apiKey: "pid-secret-4f9a" });
  const jpeg = await sharp({
    create: { width: 16, height: 12, channels: 3, background: { r: 40, g: 160, b: 60 } },
  })
    .jpeg()
    .toBuffer();
  photo = { jpeg, width: 16, height: 12 };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const client = (overrides: Partial<ConstructorParameters<typeof PlantIdV3>[0]> = {}) =>
  new PlantIdV3({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 2000, ...overrides });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("PlantIdV3", () => {
  it("sends the photo as a JPEG data URL with the key and the details the spec asks for", async () => {
    await client().identify(photo);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/api/v3/identification");
    expect(request?.headers["api-key"]).toBe("pid-secret-4f9a");
    expect(request?.query.get("details")).toBe("common_names,url,wiki_description,taxonomy");
    expect(request?.body).toMatchObject({ similar_images: true });
    const images = (request?.body as { images?: string[] } | undefined)?.images ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]?.startsWith("data:image/jpeg;base64,")).toBe(true);
    expect(request?.image?.equals(photo.jpeg)).toBe(true);
  });

  it("maps suggestions best first, with common names (none when Plant.id has null)", async () => {
    const result = await client().identify(photo);
    expect(result).toEqual({
      engine: "plant.id",
      recognised: true,
      candidates: [
        {
          scientificName: "Solanum lycopersicum",
          commonNames: ["tomato", "garden tomato"],
          confidence: 0.9412,
        },
        {
          scientificName: "Solanum pimpinellifolium",
          commonNames: ["currant tomato"],
          confidence: 0.0311,
        },
        { scientificName: "Physalis philadelphica", commonNames: [], confidence: 0.0107 },
      ],
    });
  });

  it("keeps at most five candidates, sorted by probability", async () => {
    const names = ["A a", "B b", "C c", "D d", "E e", "F f", "G g"];
    fake.behaviour = {
      kind: "body",
      body: {
        result: {
          is_plant: { probability: 0.98, binary: true, threshold: 0.5 },
          classification: {
            suggestions: names.map((name, i) => ({
              id: String(i),
              name,
              probability: [0.05, 0.3, 0.01, 0.4, 0.02, 0.15, 0.07][i],
              details: { common_names: null, language: "en", entity_id: String(i) },
            })),
          },
        },
      },
    };
    const result = await client().identify(photo);
    expect(result.candidates.map((c) => c.scientificName)).toEqual([
      "D d",
      "B b",
      "F f",
      "G g",
      "A a",
    ]);
  });

  it("says not recognised when Plant.id judges the photo not to show a plant", async () => {
    fake.behaviour = {
      kind: "identify",
      isPlant: 0.12,
      suggestions: [{ name: "Solanum lycopersicum", probability: 0.2, commonNames: ["tomato"] }],
    };
    expect(await client().identify(photo)).toEqual({
      engine: "plant.id",
      recognised: false,
      candidates: [],
    });
  });

  it("says not recognised when there are no suggestions", async () => {
    fake.behaviour = { kind: "identify", isPlant: 0.9, suggestions: [] };
    const result = await client().identify(photo);
    expect(result.recognised).toBe(false);
    expect(result.candidates).toEqual([]);
  });

  it("fails with a 502 on a wrong key, naming the status", async () => {
    const error = await failure(client({ apiKey: "wrong" }).identify(photo));
    expect(error.statusCode).toBe(502);
    expect(error.code).toBe("upstream_unavailable");
    expect(error.message).toContain("HTTP 401");
  });

  it("fails with a 502 when Plant.id answers 500", async () => {
    fake.behaviour = { kind: "fail", status: 500 };
    const error = await failure(client().identify(photo));
    expect(error.message).toContain("HTTP 500");
  });

  it("fails with a 502 on a body that is not JSON, or JSON of another shape", async () => {
    fake.behaviour = { kind: "malformed" };
    expect((await failure(client().identify(photo))).message).toMatch(/could not read/);
    fake.behaviour = { kind: "body", body: { status: "COMPLETED" } };
    expect((await failure(client().identify(photo))).message).toMatch(/could not read/);
  });

  it("gives up after the timeout", async () => {
    fake.behaviour = { kind: "hang" };
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 150 }).identify(photo));
    expect(error.message).toMatch(/did not answer within 0\.2 s/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("fails with a 502 when Plant.id cannot be reached", async () => {
    const error = await failure(client({ baseUrl: await closedPortUrl() }).identify(photo));
    expect(error.message).toMatch(/could not be reached/);
  });

  it("stops when the caller aborts, with the caller's reason", async () => {
    fake.behaviour = { kind: "hang" };
    const controller = new AbortController();
    const pending = client({ timeoutMs: 5000 }).identify(photo, controller.signal);
    setTimeout(() => controller.abort(new Error("gardener left")), 50);
    await expect(pending).rejects.toThrow("gardener left");
  });

  it("logs failures at warn without the API key", async () => {
    const { log, text } = captureLog();
    const logged = client({ log, timeoutMs: 150 });
    for (const behaviour of [
      { kind: "fail", status: 500 },
      { kind: "malformed" },
      { kind: "body", body: {} },
      { kind: "hang" },
    ] as const) {
      fake.behaviour = behaviour;
      await failure(logged.identify(photo));
    }
    await failure(
      new PlantIdV3({
        baseUrl: await closedPortUrl(),
        apiKey: fake.apiKey,
        timeoutMs: 500,
        log,
      }).identify(photo),
    );
    const lines = text().trim().split("\n");
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(JSON.parse(line).level).toBe(40);
    expect(text()).not.toContain(fake.apiKey);
  });
});
