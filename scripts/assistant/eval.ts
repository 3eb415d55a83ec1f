import fs from "node:fs";
import { dataPath } from "../../src/server/lib/paths";
import { startSeededGardener } from "./seeded-gardener";

/**
 * npm run eval:assistant — asks the built-in assistant every question of tests/eval through the
 * HTTP API as a seeded gardener, and prints the share answered right and every miss. A reply is
 * right when it contains every fact the question lists (any " | " alternative, ignoring case).
 */
interface Question {
  id: string;
  topic: string;
  question: string;
  mustContain: string[];
}

const load = (file: string): Question[] =>
  JSON.parse(fs.readFileSync(dataPath("..", "tests", "eval", file), "utf8")) as Question[];
const questions = [...load("knowledge-questions.json"), ...load("garden-questions.json")];

const gardener = await startSeededGardener();
const fold = (text: string) => text.toLowerCase().replaceAll("’", "'");
const misses: string[] = [];
const byTopic = new Map<string, { right: number; total: number }>();
try {
  for (const q of questions) {
    const res = await gardener.ask(q.question);
    const body = (await res.json()) as { reply?: string; error?: { message: string } };
    const reply = body.reply ?? `HTTP ${res.status}: ${body.error?.message ?? ""}`;
    const missing = q.mustContain
      .map((fact) => fact.replace(/\{(\w+)\}/g, (_, key: string) => gardener.facts[key] ?? key))
      .filter((fact) => !fact.split(" | ").some((alt) => fold(reply).includes(fold(alt.trim()))));
    const tally = byTopic.get(q.topic) ?? { right: 0, total: 0 };
    tally.total += 1;
    if (missing.length === 0) tally.right += 1;
    else {
      misses.push(
        `✗ [${q.topic}] ${q.question}\n    missing: ${missing.join("; ")}\n    reply: ${reply.replace(/\s+/g, " ").slice(0, 400)}`,
      );
    }
    byTopic.set(q.topic, tally);
  }
} finally {
  await gardener.close();
}

const right = questions.length - misses.length;
for (const miss of misses) console.log(miss);
console.log("");
for (const [topic, { right: r, total }] of [...byTopic].sort()) {
  if (r < total) console.log(`  ${topic}: ${r}/${total}`);
}
console.log(
  `\nBuilt-in assistant: ${right} of ${questions.length} answers right (${((100 * right) / questions.length).toFixed(1)}%), ${misses.length} missed.`,
);
