import { describe, expect, it } from "vitest";
import { withConcepts } from "./concepts";

describe("question concepts", () => {
  it.each([
    ["my courgette plant has loads of flowers but no courgettes", "fruit set pollinate"],
    ["runner beans covered in flowers but hardly any beans", "fruit set pollinate"],
    ["radishes all leaves and no bulbs", "nitrogen crowded"],
    ["why does my coriander always go to seed so fast", "bolt"],
    ["my hoya has never flowered", "flower light"],
    ["the leaves are sticky", "honeydew"],
    ["can i split it?", "divide"],
    ["how do i get the babies off my pilea", "separate"],
  ])("reads %j as also meaning %j", (question, words) => {
    expect(withConcepts(question)).toBe(`${question} ${words}`);
  });

  it("leaves a question without such a phrase as it is", () => {
    expect(withConcepts("how deep do I sow carrots?")).toBe("how deep do I sow carrots?");
  });
});
