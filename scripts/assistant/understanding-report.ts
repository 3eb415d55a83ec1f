import { crossValidate } from "../../src/core/assistant/understanding/cross-validation";
import { headNames, headRows } from "../../src/core/assistant/understanding/heads";
import { readings } from "../../src/core/assistant/understanding/reading";
import { loadExamples } from "../../src/server/providers/ai/built-in/understanding/examples";

const percent = (share: number) => `${(100 * share).toFixed(1)}%`;

/**
 * Prints each head's 5-fold cross-validated accuracy on data/understanding/, and each label's
 * recall and precision: the understanding judged on examples each model never saw.
 */
export function printUnderstandingReport(): void {
  const { examples } = loadExamples();
  const rows = headRows(examples);
  console.log("Understanding, 5-fold cross-validation on data/understanding/:");
  for (const name of headNames) {
    const score = crossValidate(rows[name], readings[name]);
    // An aspect set is right only when whole; its likeliest aspect is what the facts start from.
    const top = name === "aspects" ? ` (likeliest aspect right: ${percent(score.top)})` : "";
    console.log(
      `  ${name} (${rows[name].length} examples): ${percent(score.accuracy)} right${top}`,
    );
    for (const label of score.labels) {
      console.log(
        `    ${label.label.padEnd(18)} ${String(label.support).padStart(5)}  recall ${percent(label.recall).padStart(6)}  precision ${percent(label.precision).padStart(6)}`,
      );
    }
  }
}
