import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogue } from "../../../features/catalogue/catalogue-read-model";
import { dataPath } from "../../../lib/paths";
import { checkFactFiles } from "./fact-check";

const dir = dataPath("knowledge", "facts");
const shipped = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith(".json"))
  .map((name) => ({ name, json: JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) }));
const crops = catalogue().crops;

describe("the shipped facts", () => {
  it("cover every catalogue crop and pass every check", () => {
    expect(shipped.map((file) => file.name.replace(/\.json$/, "")).sort()).toEqual(
      crops.map((crop) => crop.slug).sort(),
    );
    expect(checkFactFiles(shipped, crops)).toEqual([]);
  });

  it("refuse soil advice that could reach a hydroponic plant, and a missing aspect", () => {
    const lettuce = shipped.find((file) => file.name === "lettuce.json");
    const json = structuredClone(lettuce?.json) as { facts: { aspect: string; text: string }[] };
    json.facts.push({ aspect: "water", text: "Water lettuce when the soil is dry 2 cm down." });
    json.facts = json.facts.filter((fact) => fact.aspect !== "spacing");
    expect(checkFactFiles([{ name: "lettuce.json", json }], crops)).toEqual([
      "lettuce.json: no fact on spacing",
      expect.stringMatching(/^lettuce\.water\.\d+: soil advice must say when\.medium/),
    ]);
  });
});
