import { loadEvalFile } from "../assistant/eval-items";
import { startSeededGardener } from "../assistant/seeded-gardener";
import { percentile } from "./percentile";

/** Issue "assistant": built-in reply p50 ≤ 150 ms, first streamed delta ≤ 300 ms, on this machine. */
const BUDGET_P50_MS = 150;
const BUDGET_FIRST_DELTA_MS = 300;

/**
 * Asks every question of tests/eval once as a seeded gardener over loopback HTTP (after one
 * warm-up pass): the time to the whole JSON reply, and with Accept: text/event-stream the time to
 * the first `delta` event. Each question is sent to a chat, as the web app does, so the figures
 * include storing both turns.
 */
export async function benchAssistant(): Promise<void> {
  // The items the bench has always timed (the eval's legacy set), under the Pro plan's 500 a day.
  const questions = loadEvalFile("legacy-items.json");
  const gardener = await startSeededGardener();
  try {
    const chat = async () => {
      const res = await fetch(`${gardener.baseUrl}/api/chats`, {
        method: "POST",
        headers: {
          cookie: gardener.cookie,
          "content-type": "application/json",
          origin: "http://localhost:3000",
        },
        body: "{}",
      });
      return ((await res.json()) as { id: string }).id;
    };
    for (const { question } of questions.slice(0, 20)) await (await gardener.ask(question)).text();
    const chatId = await chat();
    const replies: number[] = [];
    for (const { question } of questions) {
      const start = performance.now();
      const res = await gardener.ask(question, { chatId });
      await res.text();
      if (!res.ok) throw new Error(`${question}: HTTP ${res.status}`);
      replies.push(performance.now() - start);
    }
    const firstDeltas: number[] = [];
    for (const { question } of questions) {
      const start = performance.now();
      const res = await gardener.ask(question, { chatId, stream: true });
      const reader = res.body?.getReader();
      if (!reader) throw new Error("no stream");
      let seen = "";
      let first = Number.NaN;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        seen += Buffer.from(value).toString("utf8");
        if (Number.isNaN(first) && seen.includes("event: delta")) first = performance.now() - start;
      }
      firstDeltas.push(first);
    }
    const p50 = percentile(replies, 50);
    const delta50 = percentile(firstDeltas, 50);
    const delta95 = percentile(firstDeltas, 95);
    const verdict = (value: number, budget: number) =>
      value <= budget ? `met (≤ ${budget} ms)` : `MISSED (> ${budget} ms)`;
    console.log(
      `Built-in assistant over HTTP, ${questions.length} eval questions each, seeded gardener, SQLite:`,
    );
    console.log(
      `  whole JSON reply: p50 ${p50.toFixed(1)} ms, p95 ${percentile(replies, 95).toFixed(1)} ms, max ${Math.max(...replies).toFixed(1)} ms — p50 budget ${verdict(p50, BUDGET_P50_MS)}`,
    );
    console.log(
      `  first streamed delta: p50 ${delta50.toFixed(1)} ms, p95 ${delta95.toFixed(1)} ms — budget ${verdict(delta95, BUDGET_FIRST_DELTA_MS)} (p95 checked)\n`,
    );
  } finally {
    await gardener.close();
  }
}
