import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type HeadModel, train } from "../../../../../core/assistant/understanding/classifier";
import {
  type HeadName,
  type Heads,
  headNames,
  headRows,
} from "../../../../../core/assistant/understanding/heads";
import { projectRoot } from "../../../../lib/paths";
import { type LoadedExamples, loadExamples } from "./examples";

/**
 * The understanding's trained heads. `npm run build` trains them into dist-server/ (a few
 * seconds), so a server starts by reading them; where that file is missing or was trained on
 * other examples (a source checkout after the data changed, a test run), they are trained in the
 * process, once.
 */
/** Bump when the features or the training change, so an older file is not read. */
const TRAINER_VERSION = 1;

export const modelFilePath = path.join(projectRoot, "dist-server", "understanding.json");

interface SerialisedHead {
  labels: string[];
  features: string[];
  /** Float32 little-endian, base64. */
  idf: string;
  weights: string;
}

interface ModelFile {
  version: number;
  digest: string;
  heads: Record<HeadName, SerialisedHead>;
}

const toBase64 = (values: Float32Array) =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString("base64");

function fromBase64(text: string): Float32Array {
  const bytes = Buffer.from(text, "base64");
  // A copy: Buffer's pool offset need not be a multiple of 4.
  return new Float32Array(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  );
}

function serialise(model: HeadModel): SerialisedHead {
  const features: string[] = new Array(model.vocabulary.size);
  for (const [feature, column] of model.vocabulary) features[column] = feature;
  return {
    labels: model.labels,
    features,
    idf: toBase64(model.idf),
    weights: toBase64(model.weights),
  };
}

function deserialise(head: SerialisedHead): HeadModel {
  return {
    labels: head.labels,
    vocabulary: new Map(head.features.map((feature, column) => [feature, column])),
    idf: fromBase64(head.idf),
    weights: fromBase64(head.weights),
  };
}

export function trainHeads(loaded: LoadedExamples = loadExamples()): Heads {
  const rows = headRows(loaded.examples);
  return Object.fromEntries(headNames.map((name) => [name, train(rows[name])])) as Heads;
}

/** Trains every head and writes the file `loadHeads` reads. */
export function writeHeads(file = modelFilePath): void {
  const loaded = loadExamples();
  const heads = trainHeads(loaded);
  const content: ModelFile = {
    version: TRAINER_VERSION,
    digest: loaded.digest,
    heads: Object.fromEntries(
      headNames.map((name) => [name, serialise(heads[name])]),
    ) as ModelFile["heads"],
  };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(content));
}

/** The trained heads: from the build's file when it matches the examples, else trained now. */
export function loadHeads(file = modelFilePath): Heads {
  const loaded = loadExamples();
  if (existsSync(file)) {
    const content = JSON.parse(readFileSync(file, "utf8")) as ModelFile;
    if (content.version === TRAINER_VERSION && content.digest === loaded.digest) {
      return Object.fromEntries(
        headNames.map((name) => [name, deserialise(content.heads[name])]),
      ) as Heads;
    }
  }
  return trainHeads(loaded);
}

let shared: Heads | undefined;

/** The process's trained heads, read (or trained) on first use. */
export function understandingHeads(): Heads {
  shared ??= loadHeads();
  return shared;
}
