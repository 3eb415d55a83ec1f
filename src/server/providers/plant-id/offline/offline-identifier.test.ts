import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { OfflineIdentifier } from "./offline-identifier";

const sunflowerRgb = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../../../../tests/fixtures/images/sunflower.rgb"),
);
const raw = { raw: { width: 224, height: 224, channels: 3 as const } };
const identifier = new OfflineIdentifier();
afterAll(() => identifier.close());

const photo = async (image: ReturnType<typeof sharp>) => {
  const jpeg = await image.jpeg({ quality: 95 }).toBuffer();
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  return { jpeg, width, height };
};

describe("OfflineIdentifier (the real AIY plants_V1 model in a worker thread)", () => {
  it("names Coral's sunflower Helianthus annuus with confidence ≥ 0.9", async () => {
    const result = await identifier.identify(await photo(sharp(sunflowerRgb, raw)));
    expect(result.engine).toBe("offline");
    expect(result.recognised).toBe(true);
    expect(result.candidates[0]?.scientificName).toBe("Helianthus annuus");
    expect(result.candidates[0]?.commonNames).toEqual(["Sunflower"]);
    expect(result.candidates[0]?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(result.candidates.length).toBeLessThanOrEqual(5);
    expect(result.candidates.map((c) => c.scientificName)).not.toContain("background");
  });

  it("matches the integer kernels on the lossless reference image: ≈ 0.97, then two look-alikes", async () => {
    // One view of a 224 × 224 PNG is the model's exact input, as in Coral's own test.
    const exact = new OfflineIdentifier({ crops: [1] });
    try {
      const png = await sharp(sunflowerRgb, raw).png().toBuffer();
      const result = await exact.identify({ jpeg: png, width: 224, height: 224 });
      expect(result.candidates[0]?.confidence).toBeGreaterThan(0.95);
      expect(result.candidates[0]?.confidence).toBeLessThan(0.98);
      expect(
        result.candidates
          .slice(1, 3)
          .map((c) => c.scientificName)
          .sort(),
      ).toEqual(["Balsamorhiza sagittata", "Silphium laciniatum"]);
    } finally {
      await exact.close();
    }
  });

  it("reads the photo upright: a sideways JPEG with EXIF orientation 6 gives the same answer", async () => {
    const sideways = await sharp(sunflowerRgb, raw).rotate(-90).jpeg({ quality: 95 }).toBuffer();
    const tagged = await sharp(sideways).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const result = await identifier.identify({ jpeg: tagged, width: 224, height: 224 });
    expect(result.candidates[0]?.scientificName).toBe("Helianthus annuus");
    expect(result.candidates[0]?.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it("does not name a plain grey card", async () => {
    const grey = sharp({ create: { width: 300, height: 200, channels: 3, background: "#808080" } });
    const result = await identifier.identify(await photo(grey));
    expect(result.recognised).toBe(false);
    expect(result.candidates[0]?.confidence ?? 0).toBeLessThan(0.1);
  });

  it("queues photos sent at once and answers each of them", async () => {
    const sunflower = await photo(sharp(sunflowerRgb, raw));
    const results = await Promise.all(
      Array.from({ length: 4 }, () => identifier.identify(sunflower)),
    );
    expect(results.map((r) => r.candidates[0]?.scientificName)).toEqual(
      Array(4).fill("Helianthus annuus"),
    );
  });
});
