import fs from "node:fs";
import { z } from "zod";
import { dataPath } from "../../src/server/lib/paths";

export const evalKinds = [
  "plant-care",
  "houseplant",
  "hydroponics",
  "diagnosis",
  "follow-up",
  "own-garden",
  "safety",
  "language",
  "scope",
  "season",
] as const;
export type EvalKind = (typeof evalKinds)[number];

/** The seeded gardeners (seeded-gardener.ts): Robin in Portland, Oregon; Sam in Melbourne. */
export const seedNames = ["robin", "melbourne"] as const;
export type SeedName = (typeof seedNames)[number];

/**
 * One eval question. `facts` are groups: a reply is right when every group has one alternative in
 * it (ignoring case and curly apostrophes) and no `mustNot` phrase. `follows` names the item asked
 * just before it in the same chat. `{key}` in facts and mustNot is a fact of the seeded gardener.
 */
export const evalItemSchema = z.strictObject({
  id: z.string().min(1),
  kind: z.enum(evalKinds),
  question: z.string().min(1),
  facts: z.array(z.array(z.string().min(1)).min(1)),
  mustNot: z.array(z.string().min(1)).optional(),
  follows: z.string().min(1).optional(),
  /** Which seeded gardener asks (seeded-gardener.ts); Robin unless said. */
  gardener: z.enum(seedNames).optional(),
  /** The months (1–12) the item's answer holds in; asked only then. */
  months: z.array(z.number().int().min(1).max(12)).min(1).optional(),
});
export type EvalItem = z.infer<typeof evalItemSchema>;

/** The item files under tests/eval, asked in this order. */
export const evalItemFiles = [
  "assistant-items.json",
  "garden-items.json",
  "legacy-items.json",
] as const;

/**
 * Sets of questions written blind (without reading the engine, the knowledge base or any reply) to
 * see whether the assistant generalises. Not in evalItemFiles: asked only with `--heldout [n]`, each
 * scored apart under its title.
 */
export const heldoutSets: Readonly<Record<string, { file: string; title: string }>> = {
  "1": { file: "heldout-items.json", title: "Held-out set" },
  "2": { file: "heldout2-items.json", title: "Held-out set 2" },
  "3": { file: "heldout3-items.json", title: "Held-out set 3" },
  blind: { file: "blind-items.json", title: "Blind set (issue 39)" },
};

export function loadEvalFile(file: string): EvalItem[] {
  const raw: unknown = JSON.parse(fs.readFileSync(dataPath("..", "tests", "eval", file), "utf8"));
  const parsed = z.array(evalItemSchema).safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * Every item of every file, checked as a set: ids unique, and a `follows` names an earlier item
 * (so a conversation is asked in order).
 */
export function loadEvalItems(files: readonly string[] = evalItemFiles): EvalItem[] {
  const items = files.flatMap(loadEvalFile);
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) throw new Error(`duplicate eval item id: ${item.id}`);
    if (item.follows && !seen.has(item.follows)) {
      throw new Error(`${item.id} follows ${item.follows}, which is not an earlier item`);
    }
    seen.add(item.id);
  }
  return items;
}

/** Lower case, curly apostrophes and minus signs plain: how replies and facts are compared. */
export const fold = (text: string) => text.toLowerCase().replaceAll("’", "'").replaceAll("−", "-");

/** Fills `{key}` from the seeded gardener's facts; an unknown key is an error in the item. */
export function fillPlaceholders(text: string, facts: Record<string, string>): string {
  return text.replace(/\{([\w.-]+)\}/g, (_, key: string) => {
    const value = facts[key];
    if (value === undefined) throw new Error(`unknown placeholder {${key}} in "${text}"`);
    return value;
  });
}

export interface Verdict {
  /** Each group none of whose alternatives is in the reply. */
  missing: string[][];
  /** Each mustNot phrase found in the reply. */
  present: string[];
}

export function judge(item: EvalItem, reply: string, facts: Record<string, string>): Verdict {
  const text = fold(reply);
  const has = (phrase: string) => text.includes(fold(fillPlaceholders(phrase, facts)));
  return {
    missing: item.facts
      .filter((group) => !group.some(has))
      .map((group) => group.map((alt) => fillPlaceholders(alt, facts))),
    present: (item.mustNot ?? []).filter(has).map((phrase) => fillPlaceholders(phrase, facts)),
  };
}
