import { describe, expect, it } from "vitest";
import { catalogue } from "../../../features/catalogue/catalogue-read-model";
import { knowledgeBase } from "../knowledge/knowledge-base";
import { CropMentions } from "./crop-mentions";

describe("crop mentions", () => {
  const mentions = new CropMentions(catalogue().crops, knowledgeBase());

  it("finds crops by name, alias and the care sheet's keywords", () => {
    expect(mentions.cropsIn("why are my toms splitting")).toEqual(["tomato"]);
    expect(mentions.cropsIn("how do I sow cilantro")).toEqual(["coriander"]);
    expect(mentions.cropsIn("cherry tomatoes and basil")).toEqual(["cherry-tomato", "basil"]);
  });

  it("reads a fruit name used as a colour as a colour", () => {
    expect(mentions.cropsIn("bright orange powdery spots all over my leek leaves")).toEqual([
      "leek",
    ]);
    expect(mentions.cropsIn("lime green patches on my basil")).toEqual(["basil"]);
    expect(mentions.cropsIn("my orange tree has yellow leaves")).toEqual(["orange"]);
    expect(mentions.cropsIn("how do I prune a plum")).toEqual(["plum"]);
  });

  it("reads a misspelt crop name the knowledge base does not know as that crop", () => {
    expect(mentions.cropsIn("can i grow zuchini in a pot")).toEqual(["zucchini"]);
    expect(mentions.cropsIn("my cucmber leaves are yellow")).toEqual(["cucumber"]);
    // Words the knowledge base uses are never read as typos.
    expect(mentions.cropsIn("what potting mix for seedlings")).toEqual([]);
  });

  it("names each plant by its catalogue name for matching, keeping names that say more", () => {
    expect(mentions.withCropNames("why are my toms splitting")).toBe("why are my tomato splitting");
    expect(mentions.withCropNames("my zuchini is wilting")).toBe("my zucchini is wilting");
    expect(mentions.withCropNames("how do i plant onion sets")).toBe("how do i plant onion sets");
    // A shorter name inside a longer one is not named twice; colours stay colours.
    expect(mentions.withCropNames("my moth orchid won't flower")).toBe(
      "my moth orchid won't flower",
    );
    expect(mentions.withCropNames("bright orange spots on my aubergine")).toBe(
      "bright orange spots on my eggplant",
    );
  });
});
