import fs from "node:fs";
import path from "node:path";
import { type Fact, factFileSchema, factsOf } from "../../../../core/assistant/facts";
import { dataPath } from "../../../lib/paths";

/** The facts of data/knowledge/facts, by catalogue slug (ASSISTANT.md step 4). */
export class FactStore {
  private readonly bySlug = new Map<string, Fact[]>();

  constructor(facts: Iterable<Fact>) {
    for (const fact of facts) {
      const list = this.bySlug.get(fact.slug) ?? [];
      list.push(fact);
      this.bySlug.set(fact.slug, list);
    }
  }

  of(slug: string): readonly Fact[] {
    return this.bySlug.get(slug) ?? [];
  }

  has(slug: string): boolean {
    return this.bySlug.has(slug);
  }
}

/** Reads every fact file; a malformed one stops start-up rather than a reply. */
export function loadFactStore(dir = dataPath("knowledge", "facts")): FactStore {
  const facts: Fact[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()) {
    const parsed = factFileSchema.safeParse(
      JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")),
    );
    if (!parsed.success) {
      throw new Error(
        `data/knowledge/facts/${file}: ${parsed.error.issues[0]?.message ?? "invalid"}`,
      );
    }
    facts.push(...factsOf(parsed.data));
  }
  return new FactStore(facts);
}

let shared: FactStore | undefined;

/** One fact store per process (a few thousand short facts, read once). */
export function factStore(): FactStore {
  shared ??= loadFactStore();
  return shared;
}
