import { scores, type TrainingRow, train } from "./classifier";
import { type Reading, readLabels } from "./reading";

export interface LabelScore {
  label: string;
  /** Examples carrying the label. */
  support: number;
  /** Of those, how many the held-out model found. */
  recall: number;
  /** Of the model's finds of the label, how many were right. */
  precision: number;
}

export interface HeadScore {
  /** The share of held-out rows whose whole set of labels was read right. */
  accuracy: number;
  /** The share whose likeliest label was one of theirs. */
  top: number;
  labels: LabelScore[];
}

/** k-fold cross-validation: each row is read by a model that never saw it. */
export function crossValidate(
  rows: readonly TrainingRow[],
  reading: Reading,
  folds = 5,
): HeadScore {
  const guesses: { truth: readonly string[]; guess: string[]; top: string }[] = [];
  for (let f = 0; f < folds; f++) {
    const model = train(rows.filter((_, i) => i % folds !== f));
    rows.forEach((row, i) => {
      if (i % folds !== f) return;
      const ranked = scores(model, row.text);
      guesses.push({
        truth: row.labels,
        guess: readLabels(ranked, reading),
        top: ranked[0]?.label ?? "",
      });
    });
  }
  const labels = [...new Set(rows.flatMap((row) => row.labels))].sort();
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((label) => b.includes(label));
  return {
    accuracy: guesses.filter((g) => same(g.truth, g.guess)).length / guesses.length,
    top: guesses.filter((g) => g.truth.includes(g.top)).length / guesses.length,
    labels: labels.map((label) => {
      const carrying = guesses.filter((g) => g.truth.includes(label));
      const found = guesses.filter((g) => g.guess.includes(label));
      return {
        label,
        support: carrying.length,
        recall:
          carrying.filter((g) => g.guess.includes(label)).length / Math.max(1, carrying.length),
        precision: found.filter((g) => g.truth.includes(label)).length / Math.max(1, found.length),
      };
    }),
  };
}
