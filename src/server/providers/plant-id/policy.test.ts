import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closedPortUrl } from "../../../../tests/fakes/open-meteo";
import { type FakePlantId, startFakePlantId } from "../../../../tests/fakes/plant-id";
import { type FakePlantNet, startFakePlantNet } from "../../../../tests/fakes/plantnet";
import { captureLog } from "../../../../tests/support/capture-log";
import { loadConfig } from "../../config";
import { createPlantIdentifier } from "./index";
import { PlantIdV3 } from "./plant-id-v3";
import type { IdentifyResult, PlantIdentifier, PreparedPhoto } from "./plant-identifier";
import { IdentificationPolicy } from "./policy";

/** Stands in for the offline model: answers (or throws) what it is told, and counts its calls. */
class StubOffline implements PlantIdentifier {
  readonly engine = "offline" as const;
  calls = 0;
  closed = false;
  constructor(private readonly answer: IdentifyResult | Error) {}
  async identify(_photo: PreparedPhoto, signal?: AbortSignal): Promise<IdentifyResult> {
    this.calls++;
    signal?.throwIfAborted();
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }
  async close() {
    this.closed = true;
  }
}

/** An offline answer whose best candidate has this confidence (a runner-up below it). */
const offlineAnswer = (confidence: number): IdentifyResult => ({
  engine: "offline",
  recognised: true,
  candidates: [
    { scientificName: "Capsicum annuum", commonNames: ["Pepper"], confidence },
    { scientificName: "Capsicum chinense", commonNames: [], confidence: confidence / 4 },
  ],
});
const offlineUnrecognised: IdentifyResult = {
  engine: "offline",
  recognised: false,
  candidates: [],
};

let plantId: FakePlantId;
let plantNet: FakePlantNet;
let photo: PreparedPhoto;

beforeAll(async () => {
  [plantId, plantNet] = await Promise.all([
    startFakePlantId({ apiKey: "pid-key-0a1b2c3d" }),
    startFakePlantNet({ apiKey: "pn-key-9z8y7x6w" }),
  ]);
  const jpeg = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 90, g: 140, b: 50 } },
  })
    .jpeg()
    .toBuffer();
  photo = { jpeg, width: 8, height: 8 };
});
afterAll(() => Promise.all([plantId.close(), plantNet.close()]));
beforeEach(() => {
  plantId.reset();
  plantNet.reset();
});

/** The identifier as the server builds it, from environment variables. */
function build(env: Record<string, string>, offline: PlantIdentifier, timeoutMs = 2000) {
  const { log, text, lines } = captureLog();
  const config = loadConfig({
    PLANT_ID_BASE_URL: plantId.url,
    PLANTNET_BASE_URL: plantNet.url,
    PLANT_ID_TIMEOUT_MS: String(timeoutMs),
    ...env,
  });
  return { identifier: createPlantIdentifier(config, log, offline), text, lines };
}

const withPlantId = { PLANT_ID_API_KEY: "pid-key-0a1b2c3d" };
const withPlantNet = { PLANTNET_API_KEY: "pn-key-9z8y7x6w" };

describe("IdentificationPolicy: when the cloud is asked", () => {
  it("does not ask the cloud when the offline model is 0.70 sure", async () => {
    const offline = new StubOffline(offlineAnswer(0.7));
    const { identifier } = build(withPlantId, offline);
    const result = await identifier.identify(photo);
    expect(result).toEqual(offlineAnswer(0.7));
    expect(offline.calls).toBe(1);
    expect(plantId.requests).toHaveLength(0);
  });

  it("asks the cloud when the offline model is only 0.69 sure, and keeps its better answer", async () => {
    const offline = new StubOffline(offlineAnswer(0.69));
    const { identifier } = build(withPlantId, offline);
    const result = await identifier.identify(photo);
    expect(plantId.requests).toHaveLength(1);
    expect(plantId.requests[0]?.image?.equals(photo.jpeg)).toBe(true);
    expect(result.engine).toBe("plant.id");
    expect(result.candidates[0]).toEqual({
      scientificName: "Solanum lycopersicum",
      commonNames: ["tomato", "garden tomato"],
      confidence: 0.9412,
    });
  });

  it("asks the cloud when the offline model does not recognise the plant", async () => {
    const { identifier } = build(withPlantId, new StubOffline(offlineUnrecognised));
    const result = await identifier.identify(photo);
    expect(plantId.requests).toHaveLength(1);
    expect(result.engine).toBe("plant.id");
    expect(result.recognised).toBe(true);
  });

  it("never calls a cloud service when no key is configured", async () => {
    const offline = new StubOffline(offlineAnswer(0.2));
    const { identifier } = build({}, offline);
    expect(await identifier.identify(photo)).toEqual(offlineAnswer(0.2));
    const unrecognised = build({}, new StubOffline(offlineUnrecognised)).identifier;
    expect(await unrecognised.identify(photo)).toEqual(offlineUnrecognised);
    expect(plantId.requests).toHaveLength(0);
    expect(plantNet.requests).toHaveLength(0);
  });

  it("prefers Plant.id when both keys are set", async () => {
    const { identifier } = build(
      { ...withPlantId, ...withPlantNet },
      new StubOffline(offlineAnswer(0.3)),
    );
    expect((await identifier.identify(photo)).engine).toBe("plant.id");
    expect(plantId.requests).toHaveLength(1);
    expect(plantNet.requests).toHaveLength(0);
  });

  it("asks Pl@ntNet when only its key is set, and names it", async () => {
    const { identifier } = build(withPlantNet, new StubOffline(offlineAnswer(0.3)));
    const result = await identifier.identify(photo);
    expect(plantNet.requests).toHaveLength(1);
    expect(plantNet.requests[0]?.images[0]?.bytes.equals(photo.jpeg)).toBe(true);
    expect(result.engine).toBe("plantnet");
    expect(result.candidates[0]?.scientificName).toBe("Ocimum basilicum");
  });
});

describe("IdentificationPolicy: the better answer is kept", () => {
  it("keeps the offline answer when the cloud's top confidence is lower", async () => {
    plantId.behaviour = {
      kind: "identify",
      isPlant: 0.97,
      suggestions: [{ name: "Solanum nigrum", probability: 0.41, commonNames: ["nightshade"] }],
    };
    const { identifier } = build(withPlantId, new StubOffline(offlineAnswer(0.55)));
    const result = await identifier.identify(photo);
    expect(plantId.requests).toHaveLength(1);
    expect(result).toEqual(offlineAnswer(0.55));
  });

  it("keeps the offline answer when the cloud is exactly as sure", async () => {
    plantId.behaviour = {
      kind: "identify",
      isPlant: 0.97,
      suggestions: [{ name: "Solanum nigrum", probability: 0.55, commonNames: [] }],
    };
    const { identifier } = build(withPlantId, new StubOffline(offlineAnswer(0.55)));
    expect((await identifier.identify(photo)).engine).toBe("offline");
  });

  it("keeps a recognised cloud answer over an unrecognised offline one, however low", async () => {
    plantId.behaviour = {
      kind: "identify",
      isPlant: 0.8,
      suggestions: [{ name: "Solanum nigrum", probability: 0.12, commonNames: [] }],
    };
    const { identifier } = build(withPlantId, new StubOffline(offlineUnrecognised));
    const result = await identifier.identify(photo);
    expect(result.engine).toBe("plant.id");
    expect(result.candidates[0]?.confidence).toBe(0.12);
  });

  it("keeps a recognised offline answer over a cloud that says it is no plant", async () => {
    plantId.behaviour = {
      kind: "identify",
      isPlant: 0.1,
      suggestions: [{ name: "Solanum nigrum", probability: 0.9, commonNames: [] }],
    };
    const { identifier } = build(withPlantId, new StubOffline(offlineAnswer(0.4)));
    expect(await identifier.identify(photo)).toEqual(offlineAnswer(0.4));
  });

  it("keeps the offline answer on Pl@ntNet's 'Species not found', without a warning", async () => {
    plantNet.behaviour = { kind: "not-found" };
    const { identifier, lines } = build(withPlantNet, new StubOffline(offlineAnswer(0.4)));
    expect(await identifier.identify(photo)).toEqual(offlineAnswer(0.4));
    expect(plantNet.requests).toHaveLength(1);
    expect(lines()).toEqual([]);
  });

  it("keeps the offline answer when neither engine recognises the plant", async () => {
    plantNet.behaviour = { kind: "not-found" };
    const { identifier } = build(withPlantNet, new StubOffline(offlineUnrecognised));
    expect(await identifier.identify(photo)).toEqual(offlineUnrecognised);
  });
});

describe("IdentificationPolicy: a failing cloud leaves the offline answer standing", () => {
  const failures = [
    ["a 500", { kind: "fail", status: 500 }],
    [
      "a 401 (revoked key)",
      { kind: "fail", status: 401, message: "The specified api key not found." },
    ],
    ["a 429 (credits used up)", { kind: "fail", status: 429 }],
    ["a body that is not JSON", { kind: "malformed" }],
    ["JSON of another shape", { kind: "body", body: { result: { suggestions: [] } } }],
    ["no answer within the timeout", { kind: "hang" }],
  ] as const;

  for (const [what, behaviour] of failures) {
    it(`Plant.id: ${what}`, async () => {
      plantId.behaviour = behaviour;
      const { identifier, lines } = build(withPlantId, new StubOffline(offlineAnswer(0.5)), 200);
      expect(await identifier.identify(photo)).toEqual(offlineAnswer(0.5));
      expect(plantId.requests).toHaveLength(1);
      const warnings = lines().filter((line) => line.level === 40);
      expect(warnings.some((line) => line.msg.includes("the offline answer stands"))).toBe(true);
    });
  }

  for (const [what, behaviour] of [
    ["a 500", { kind: "fail", status: 500 }],
    ["a body that is not JSON", { kind: "malformed" }],
    ["no answer within the timeout", { kind: "hang" }],
  ] as const) {
    it(`Pl@ntNet: ${what}`, async () => {
      plantNet.behaviour = behaviour;
      const { identifier, lines } = build(withPlantNet, new StubOffline(offlineAnswer(0.5)), 200);
      expect(await identifier.identify(photo)).toEqual(offlineAnswer(0.5));
      expect(plantNet.requests).toHaveLength(1);
      expect(lines().some((line) => line.level === 40 && line.engine === "plantnet")).toBe(true);
    });
  }

  it("Plant.id unreachable", async () => {
    const { log, lines } = captureLog();
    const cloud = new PlantIdV3({
      baseUrl: await closedPortUrl(),
      apiKey: "k",
      timeoutMs: 2000,
      log,
    });
    const policy = new IdentificationPolicy({
      offline: new StubOffline(offlineAnswer(0.5)),
      cloud,
      log,
    });
    expect(await policy.identify(photo)).toEqual(offlineAnswer(0.5));
    expect(lines().some((line) => line.msg.includes("the offline answer stands"))).toBe(true);
  });

  it("never writes either API key to the log", async () => {
    const cases = [
      [withPlantId, () => (plantId.behaviour = { kind: "fail", status: 500 })],
      [withPlantId, () => (plantId.behaviour = { kind: "fail", status: 401 })],
      [withPlantId, () => (plantId.behaviour = { kind: "hang" })],
      [withPlantId, () => (plantId.behaviour = { kind: "malformed" })],
      [withPlantNet, () => (plantNet.behaviour = { kind: "fail", status: 500 })],
      [withPlantNet, () => (plantNet.behaviour = { kind: "hang" })],
      [withPlantNet, () => (plantNet.behaviour = { kind: "malformed" })],
    ] as const;
    let written = "";
    for (const [env, arrange] of cases) {
      arrange();
      const { identifier, text } = build(env, new StubOffline(new Error("model missing")), 200);
      await expect(identifier.identify(photo)).rejects.toThrow("model missing");
      written += text();
    }
    expect(written.split("\n").filter(Boolean).length).toBeGreaterThanOrEqual(cases.length * 2);
    expect(written).not.toContain(withPlantId.PLANT_ID_API_KEY);
    expect(written).not.toContain(withPlantNet.PLANTNET_API_KEY);
  });
});

describe("IdentificationPolicy: when the offline model fails", () => {
  it("answers from the cloud", async () => {
    const { identifier, lines } = build(withPlantId, new StubOffline(new Error("model missing")));
    const result = await identifier.identify(photo);
    expect(result.engine).toBe("plant.id");
    expect(lines().some((line) => line.level === 40 && line.engine === "offline")).toBe(true);
  });

  it("throws the offline error when no cloud is configured", async () => {
    const { identifier } = build({}, new StubOffline(new Error("model missing")));
    await expect(identifier.identify(photo)).rejects.toThrow("model missing");
  });

  it("throws when the cloud fails too", async () => {
    plantNet.behaviour = { kind: "fail", status: 503 };
    const { identifier } = build(withPlantNet, new StubOffline(new Error("model missing")));
    await expect(identifier.identify(photo)).rejects.toThrow("model missing");
    expect(plantNet.requests).toHaveLength(1);
  });
});

describe("IdentificationPolicy: the caller's AbortSignal", () => {
  it("stops waiting for the cloud when the caller aborts, instead of answering", async () => {
    plantId.behaviour = { kind: "hang" };
    const { identifier, lines } = build(withPlantId, new StubOffline(offlineAnswer(0.5)), 5000);
    const controller = new AbortController();
    const started = Date.now();
    const pending = identifier.identify(photo, controller.signal);
    setTimeout(() => controller.abort(new Error("request closed")), 50);
    await expect(pending).rejects.toThrow("request closed");
    expect(Date.now() - started).toBeLessThan(2000);
    expect(lines().filter((line) => line.level === 40)).toEqual([]);
  });

  it("does not start when already aborted", async () => {
    const offline = new StubOffline(offlineAnswer(0.5));
    const { identifier } = build(withPlantId, offline);
    const controller = new AbortController();
    controller.abort(new Error("gone"));
    await expect(identifier.identify(photo, controller.signal)).rejects.toThrow("gone");
    expect(offline.calls).toBe(0);
    expect(plantId.requests).toHaveLength(0);
  });

  it("passes the signal to the offline model", async () => {
    const seen: (AbortSignal | undefined)[] = [];
    const offline: PlantIdentifier = {
      engine: "offline",
      identify: async (_photo, signal) => {
        seen.push(signal);
        return offlineAnswer(0.9);
      },
    };
    const controller = new AbortController();
    await build({}, offline).identifier.identify(photo, controller.signal);
    expect(seen).toEqual([controller.signal]);
  });
});

describe("IdentificationPolicy: engine and close", () => {
  it("is the offline engine, and closes the offline model", async () => {
    const offline = new StubOffline(offlineAnswer(0.9));
    const { identifier } = build(withPlantId, offline);
    expect(identifier.engine).toBe("offline");
    await identifier.close?.();
    expect(offline.closed).toBe(true);
  });
});
