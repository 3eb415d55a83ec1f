import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import * as tf from "@tensorflow/tfjs-core";
import { type ModelLabel, parseLabels } from "./labels";
import { modelFiles } from "./model-files";
import { readTfliteModel } from "./tflite-model";
import { TfliteRunner } from "./tflite-runner";
import { MODEL_SIDE } from "./views";

export interface ClassScore {
  index: number;
  score: number;
}

/** The AIY plants model on tfjs's WebAssembly backend: views in, averaged scores out. */
export class PlantClassifier {
  private constructor(
    private readonly runner: TfliteRunner,
    readonly labels: ModelLabel[],
  ) {}

  static async load(dir?: string): Promise<PlantClassifier> {
    const files = modelFiles(dir);
    // The .wasm files ship inside the npm package; point tfjs at them on disk.
    const wasmPackage = createRequire(import.meta.url).resolve(
      "@tensorflow/tfjs-backend-wasm/package.json",
    );
    setWasmPaths(`${path.join(path.dirname(wasmPackage), "dist")}${path.sep}`);
    await tf.setBackend("wasm");
    await tf.ready();
    const model = readTfliteModel(await fs.promises.readFile(files.model));
    const labels = parseLabels(await fs.promises.readFile(files.labels, "utf8"));
    const runner = new TfliteRunner(model);
    return new PlantClassifier(runner, labels);
  }

  /** The background class: the model's "not a plant it knows". */
  get backgroundIndex(): number {
    return this.labels.length - 1;
  }

  /** Mean class probabilities over the views (raw 224×224 RGB each), best `limit` first. */
  async classify(views: Uint8Array[], limit = 5): Promise<ClassScore[]> {
    const sum = new Float32Array(this.labels.length);
    for (const view of views) {
      const pixels = new Int32Array(view);
      const scores = tf.tidy(() =>
        this.runner.run(tf.tensor4d(pixels, [1, MODEL_SIDE, MODEL_SIDE, 3], "int32")),
      );
      const values = await scores.data();
      scores.dispose();
      for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] ?? 0) + (values[i] ?? 0) / views.length;
    }
    return Array.from(sum, (score, index) => ({ index, score }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }
}
