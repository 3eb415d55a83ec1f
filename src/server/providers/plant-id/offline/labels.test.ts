import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parseLabels } from "./labels";
import { modelFiles } from "./model-files";

describe("parseLabels", () => {
  it("splits the scientific and the common name", () => {
    expect(
      parseLabels("Helianthus annuus (Sunflower)\nTaraxacum officinale officinale ()\nNone\n"),
    ).toEqual([
      { scientificName: "Helianthus annuus", commonName: "Sunflower" },
      { scientificName: "Taraxacum officinale officinale", commonName: null },
      { scientificName: "None", commonName: null },
    ]);
  });

  it("keeps the shipped file index-aligned: 2,102 labels, sunflower at 1680, background last", () => {
    const labels = parseLabels(fs.readFileSync(modelFiles().labels, "utf8"));
    expect(labels).toHaveLength(2102);
    expect(labels[1680]).toEqual({ scientificName: "Helianthus annuus", commonName: "Sunflower" });
    expect(labels[2101]?.scientificName).toBe("background");
  });
});
