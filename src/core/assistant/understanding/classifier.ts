import { featuresOf } from "./features";

/**
 * Multinomial logistic regression (a softmax over a head's labels) on the features of
 * features.ts, trained by AdaGrad. A message with several labels (a question about watering and
 * feeding) shares its probability among them, so reading every label above a threshold gives
 * several aspects back. Small, deterministic (a seeded shuffle), and a head of two thousand
 * examples trains in a second or two.
 */
export interface TrainingRow {
  text: string;
  /** The labels the row carries: one, or several (aspects) that share its probability. */
  labels: readonly string[];
  /** How much the row counts (1 unless said). */
  weight?: number;
}

export interface HeadModel {
  labels: string[];
  /** Feature → column. */
  vocabulary: Map<string, number>;
  /** Each column's inverse document frequency among the training examples. */
  idf: Float32Array;
  /** labels × (columns + 1 bias), row-major. */
  weights: Float32Array;
}

export interface TrainOptions {
  epochs?: number;
  /** L2 penalty on each weight, per update. */
  l2?: number;
  rate?: number;
  seed?: number;
  /**
   * Models trained on differently shuffled rows, their weights averaged: a single run's order
   * moves examples near the line across it, and an average moves them far less.
   */
  runs?: number;
}

/** Each label with its probability, most likely first. */
export type Scores = { label: string; p: number }[];

/** A reproducible shuffle (mulberry32). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Letter runs count for less than whole words: there are many more of them, each weaker. */
const CHAR_WEIGHT = 0.4;

interface Encoded {
  columns: number[];
  values: number[];
}

/**
 * A text's known features, each weighed by how rare it is among the examples (idf) and the set
 * scaled to unit length, so a long message does not shout and a common word ("how") says little.
 */
function encode(text: string, vocabulary: Map<string, number>, idf: Float32Array): Encoded {
  const columns: number[] = [];
  const values: number[] = [];
  for (const feature of featuresOf(text)) {
    const column = vocabulary.get(feature);
    if (column === undefined) continue;
    columns.push(column);
    values.push((feature.startsWith("c:") ? CHAR_WEIGHT : 1) * (idf[column] as number));
  }
  const length = Math.sqrt(values.reduce((sum, v) => sum + v * v, 0)) || 1;
  return { columns, values: values.map((v) => v / length) };
}

function logits(model: HeadModel, { columns, values }: Encoded): Float64Array {
  const width = model.vocabulary.size + 1;
  const out = new Float64Array(model.labels.length);
  for (let k = 0; k < model.labels.length; k++) {
    const row = k * width;
    let sum = model.weights[row + width - 1] as number;
    for (let i = 0; i < columns.length; i++) {
      sum += (model.weights[row + (columns[i] as number)] as number) * (values[i] as number);
    }
    out[k] = sum;
  }
  return out;
}

function softmax(values: Float64Array): Float64Array {
  const max = Math.max(...values);
  const exp = values.map((v) => Math.exp(v - max));
  const total = exp.reduce((a, b) => a + b, 0);
  return exp.map((v) => v / total);
}

export function train(
  rows: readonly TrainingRow[],
  { epochs = 20, l2 = 1e-6, rate = 0.3, seed = 7, runs = 3 }: TrainOptions = {},
): HeadModel {
  const labels = [...new Set(rows.flatMap((row) => row.labels))].sort();
  const vocabulary = new Map<string, number>();
  const documents: number[] = [];
  for (const row of rows) {
    for (const feature of featuresOf(row.text)) {
      let column = vocabulary.get(feature);
      if (column === undefined) {
        column = vocabulary.size;
        vocabulary.set(feature, column);
      }
      documents[column] = (documents[column] ?? 0) + 1;
    }
  }
  const idf = Float32Array.from(
    documents,
    (count) => Math.log((1 + rows.length) / (1 + count)) + 1,
  );
  const index = new Map(labels.map((label, k) => [label, k]));
  const counts = labels.map((label) => rows.filter((row) => row.labels.includes(label)).length);
  // Rarer labels weigh more, so a class of 40 examples is not drowned by one of 2,000.
  const classWeight = counts.map((count) => Math.sqrt(rows.length / (labels.length * count)));
  const encoded = rows.map((row) => {
    const truth = row.labels.map((label) => index.get(label) as number);
    const balance = truth.reduce((sum, k) => sum + (classWeight[k] as number), 0) / truth.length;
    return {
      ...encode(row.text, vocabulary, idf),
      // A row with several labels shares its probability among them.
      target: new Map(truth.map((k) => [k, 1 / truth.length])),
      weight: balance * (row.weight ?? 1),
    };
  });
  const width = vocabulary.size + 1;
  const average = new Float32Array(labels.length * width);
  for (let run = 0; run < runs; run++) {
    const { weights } = oneRun(
      { labels, vocabulary, idf, weights: new Float32Array(average.length) },
      run,
    );
    for (let at = 0; at < average.length; at++) {
      average[at] = (average[at] as number) + (weights[at] as number) / runs;
    }
  }
  return { labels, vocabulary, idf, weights: average };

  /** One run of AdaGrad over the rows, in this run's order. */
  function oneRun(model: HeadModel, run: number): HeadModel {
    const { weights } = model;
    const bias = width - 1;
    const squared = new Float64Array(weights.length);
    const step = (at: number, g: number) => {
      squared[at] = (squared[at] as number) + g * g;
      weights[at] =
        (weights[at] as number) - (rate * g) / Math.sqrt((squared[at] as number) + 1e-8);
    };
    for (let epoch = 0; epoch < epochs; epoch++) {
      for (const row of shuffled(encoded, seed + 1000 * run + epoch)) {
        const p = softmax(logits(model, row));
        for (let k = 0; k < labels.length; k++) {
          const gradient = ((p[k] as number) - (row.target.get(k) ?? 0)) * row.weight;
          const base = k * width;
          for (let i = 0; i < row.columns.length; i++) {
            const at = base + (row.columns[i] as number);
            step(at, gradient * (row.values[i] as number) + l2 * (weights[at] as number));
          }
          step(base + bias, gradient);
        }
      }
    }
    return model;
  }
}

/** Every label's probability for a text, most likely first. */
export function scores(model: HeadModel, text: string): Scores {
  const p = softmax(logits(model, encode(text, model.vocabulary, model.idf)));
  return model.labels.map((label, k) => ({ label, p: p[k] ?? 0 })).sort((a, b) => b.p - a.p);
}
