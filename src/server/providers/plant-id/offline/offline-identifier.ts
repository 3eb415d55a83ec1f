import { Worker } from "node:worker_threads";
import { AppError } from "../../../errors";
import { OneAtATime } from "../../../lib/one-at-a-time";
import type { IdentifyResult, PlantIdentifier, PreparedPhoto } from "../plant-identifier";
import { modelViews, VIEW_CROPS } from "./views";
import type { WorkerReply, WorkerRequest } from "./worker-protocol";

/**
 * The worker thread's script. From the sources (development, tests) a small .mjs registers tsx
 * before loading worker.ts; the compiled server (scripts/build-server.mjs) has the worker as its
 * own plain-JavaScript file beside it, and no TypeScript loader at all.
 */
function workerFile(): URL {
  return import.meta.url.endsWith(".ts")
    ? new URL("./worker-entry.mjs", import.meta.url)
    : new URL("./plant-id-worker.js", import.meta.url);
}

/**
 * Below this averaged top score the model is guessing among thousands of classes: the answer is
 * "not recognised" rather than a name. Set from `npm run eval:plant-id`: wrong top-1 answers
 * cluster under it, right ones sit above (docs/decisions.md).
 */
export const MIN_RECOGNISED_SCORE = 0.1;
/** Photos waiting for the model at once; past it the server says it is busy (429). */
export const MAX_QUEUED = 32;

/** The photo the worker is on, waiting for its reply. */
interface Running {
  id: number;
  resolve(reply: WorkerReply): void;
  reject(error: Error): void;
}

export interface OfflineIdentifierOptions {
  /** Folder holding plants_V1.tflite and its labels (tests point at a copy). */
  modelDir?: string;
  crops?: readonly number[];
}

/**
 * The Google AIY plants_V1 model, run in a worker thread that starts on the first photo. Photos
 * wait here and go to the worker one at a time, so a photo whose sender has gone (its signal
 * aborted) is dropped before the model spends time on it.
 */
export class OfflineIdentifier implements PlantIdentifier {
  readonly engine = "offline" as const;
  private worker: Worker | null = null;
  private running: Running | null = null;
  private readonly queue = new OneAtATime((request: WorkerRequest) => this.runInWorker(request));
  private nextId = 1;

  constructor(private readonly options: OfflineIdentifierOptions = {}) {}

  async identify(photo: PreparedPhoto, signal?: AbortSignal): Promise<IdentifyResult> {
    if (this.queue.size >= MAX_QUEUED) {
      throw new AppError(
        429,
        "rate_limited",
        "The plant identifier is busy with other photos. Try again in a few seconds.",
        undefined,
        { "retry-after": "5" },
      );
    }
    const views = await modelViews(photo.jpeg, this.options.crops ?? VIEW_CROPS);
    const reply = await this.queue.push(
      {
        id: this.nextId++,
        views,
        limit: 6,
        ...(this.options.modelDir ? { modelDir: this.options.modelDir } : {}),
      },
      signal,
    );
    if (!reply.ok) throw new Error(`The offline plant model failed: ${reply.message}`);
    const best = reply.top[0];
    const candidates = reply.top
      .filter((c) => !c.background)
      .slice(0, 5)
      .map((c) => ({
        scientificName: c.scientificName,
        commonNames: c.commonName ? [c.commonName] : [],
        confidence: c.score,
      }));
    const recognised = !!best && !best.background && best.score >= MIN_RECOGNISED_SCORE;
    // Weak guesses stay as suggestions: the page says it could not recognise the plant, and a
    // gardener may still spot theirs among them.
    return { engine: this.engine, recognised, candidates };
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private runInWorker(request: WorkerRequest): Promise<WorkerReply> {
    const worker = this.ensureWorker();
    return new Promise((resolve, reject) => {
      this.running = { id: request.id, resolve, reject };
      worker.postMessage(request);
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerFile());
    worker.unref();
    worker.on("message", (reply: WorkerReply) => {
      const running = this.running;
      if (running?.id !== reply.id) return;
      this.running = null;
      running.resolve(reply);
    });
    // The photo it was on fails; the next one starts a new worker.
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      const running = this.running;
      this.running = null;
      running?.reject(error);
    };
    worker.on("error", fail);
    worker.on("exit", (code) => {
      if (code !== 0) fail(new Error(`The offline plant model stopped (exit code ${code}).`));
      else if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }
}
