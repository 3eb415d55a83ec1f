import { parentPort } from "node:worker_threads";
import { PlantClassifier } from "./classifier";
import type { WorkerReply, WorkerRequest } from "./worker-protocol";

// The model runs here, off the server's event loop: each inference is ~50 ms of solid compute.
// The server sends one photo at a time and keeps the queue (offline-identifier.ts).

if (!parentPort) throw new Error("worker.ts runs as a worker thread");
const port = parentPort;
let classifier: Promise<PlantClassifier> | undefined;

port.on("message", async (request: WorkerRequest) => {
  try {
    classifier ??= PlantClassifier.load(request.modelDir);
    const model = await classifier;
    const top = await model.classify(request.views, request.limit);
    const reply: WorkerReply = {
      id: request.id,
      ok: true,
      top: top.map(({ index, score }) => ({
        score,
        background: index === model.backgroundIndex,
        scientificName: model.labels[index]?.scientificName ?? "",
        commonName: model.labels[index]?.commonName ?? null,
      })),
    };
    port.postMessage(reply);
  } catch (error) {
    const reply: WorkerReply = {
      id: request.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    };
    port.postMessage(reply);
  }
});
