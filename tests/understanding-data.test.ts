import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadExamples } from "../src/server/providers/ai/built-in/understanding/examples";

const evalDir = new URL("./eval/", import.meta.url);
const norm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** Every question of every eval set: the development sets, the blind set, the paraphrases. */
function evalQuestions(): Set<string> {
  const questions = new Set<string>();
  for (const file of readdirSync(evalDir).filter((name) => name.endsWith(".json"))) {
    const items = JSON.parse(readFileSync(new URL(file, evalDir), "utf8")) as {
      question?: string;
      text?: string;
    }[];
    for (const item of items) questions.add(norm(item.question ?? item.text ?? ""));
  }
  return questions;
}

describe("the understanding's examples", () => {
  it("hold no question of an eval set, so the evals judge it on questions it never saw", () => {
    const questions = evalQuestions();
    const { examples } = loadExamples();
    const texts = [...examples.care, ...examples.garden, ...examples.safety, ...examples.scope].map(
      (example) => example.text,
    );
    expect(texts.filter((text) => questions.has(norm(text)))).toEqual([]);
  });

  it("give every label at least 40 examples", () => {
    const { examples } = loadExamples();
    const counts = new Map<string, number>();
    const count = (label: string) => counts.set(label, (counts.get(label) ?? 0) + 1);
    for (const e of examples.care) {
      count(`kind:${e.kind}`);
      for (const aspect of e.aspects) count(`aspect:${aspect}`);
    }
    for (const e of examples.garden) count(`garden:${e.garden}`);
    for (const e of examples.safety) count(`safety:${e.safety}`);
    for (const e of examples.scope) count(`scope:${e.scope}`);
    const thin = [...counts].filter(([, n]) => n < 40).map(([label, n]) => `${label} ${n}`);
    expect(thin).toEqual([]);
  });
});
