import { describe, expect, it } from "vitest";
import { GUIDE_PROMPT_RULES, parseGuideReply } from "./grow-guide-reply";

const BASE = {
  plant: "Basil",
  cropSlug: "basil",
  custom: false,
  setup: { medium: "soil", place: "outdoor", lights: "sun" },
} as const;

const reply = (body: Record<string, unknown>) => JSON.stringify(body);

const GOOD = {
  stages: [
    { name: "Germination", startDay: 0, endDay: 6, description: "Seeds sprout." },
    { name: "Growing", startDay: 7, endDay: 40, description: "Pinch the tips." },
  ],
  tasks: [
    { title: "Water", dueInDays: 0, repeatEveryDays: 2 },
    { title: "Pinch tips", dueInDays: 21, repeatEveryDays: null },
  ],
  tips: ["Pinch often."],
  instructions: ["Sow 5 mm deep."],
};

describe("parseGuideReply", () => {
  it("takes the guide from prose and fences, with the server's facts", () => {
    const result = parseGuideReply(`Here you go:\n\`\`\`json\n${reply(GOOD)}\n\`\`\``, BASE);
    expect(result).toEqual({
      ok: true,
      guide: {
        ...BASE,
        stages: GOOD.stages,
        tasks: GOOD.tasks,
        tips: GOOD.tips,
        instructions: GOOD.instructions,
      },
    });
  });

  it("lays stages back to back from day 0 whatever days the model gave", () => {
    const result = parseGuideReply(
      reply({
        ...GOOD,
        stages: [
          { name: "A", startDay: 3, endDay: 9 },
          { name: "B", startDay: 20, endDay: 20 },
          { name: "C", durationDays: "5" },
        ],
      }),
      BASE,
    );
    expect(result.ok && result.guide.stages).toEqual([
      { name: "A", startDay: 0, endDay: 6, description: "" },
      { name: "B", startDay: 7, endDay: 7, description: "" },
      { name: "C", startDay: 8, endDay: 12, description: "" },
    ]);
  });

  it("drops stages and tasks it cannot use, and intervals below 1", () => {
    const result = parseGuideReply(
      reply({
        ...GOOD,
        stages: [{ name: "" }, { name: "Backwards", startDay: 9, endDay: 2 }, ...GOOD.stages],
        tasks: [
          { title: "No day" },
          { title: "Past", dueInDays: -1 },
          { title: "Zero repeat", dueInDays: "3", repeatEveryDays: 0 },
        ],
      }),
      BASE,
    );
    expect(result.ok && result.guide.stages.map((s) => s.name)).toEqual(["Germination", "Growing"]);
    expect(result.ok && result.guide.tasks).toEqual([
      { title: "Zero repeat", dueInDays: 3, repeatEveryDays: null },
    ]);
  });

  it("cuts lists to their limits", () => {
    const result = parseGuideReply(
      reply({
        ...GOOD,
        tasks: Array.from({ length: 60 }, (_, i) => ({ title: `T${i}`, dueInDays: i })),
        tips: Array.from({ length: 30 }, (_, i) => `Tip ${i}`),
      }),
      BASE,
    );
    expect(result.ok && result.guide.tasks.length).toBe(50);
    expect(result.ok && result.guide.tips.length).toBe(20);
  });

  it("rejects a reply without JSON, stages or tasks", () => {
    expect(parseGuideReply("Grow it in the sun.", BASE)).toMatchObject({ ok: false });
    expect(parseGuideReply(reply({ ...GOOD, stages: "many" }), BASE)).toMatchObject({
      ok: false,
      reason: "The guide has no stages list.",
    });
    expect(parseGuideReply(reply({ ...GOOD, stages: [{ name: "X" }] }), BASE)).toMatchObject({
      ok: false,
      reason: "The guide has no valid stage.",
    });
    expect(parseGuideReply(reply({ ...GOOD, tasks: undefined }), BASE)).toMatchObject({
      ok: false,
    });
  });

  it("rejects text over the limits and days past ten years", () => {
    const long = parseGuideReply(reply({ ...GOOD, tips: ["x".repeat(501)] }), BASE);
    expect(long).toMatchObject({ ok: false });
    const far = parseGuideReply(
      reply({ ...GOOD, stages: [{ name: "Forever", startDay: 0, endDay: 4000 }] }),
      BASE,
    );
    expect(far).toMatchObject({ ok: false });
  });

  it("asks for the shape it checks and forbids invented figures", () => {
    expect(GUIDE_PROMPT_RULES).toContain('"startDay": number, "endDay": number');
    expect(GUIDE_PROMPT_RULES).toContain("nutrient maker's dose");
  });
});
