import pino, { type Logger } from "pino";
import { z } from "zod";
import { SUGGESTIONS_KEPT } from "../../../core/schemas/identification";
import { AppError } from "../../errors";
import type {
  IdentifyCandidate,
  IdentifyResult,
  PlantIdentifier,
  PreparedPhoto,
} from "./plant-identifier";
import { failureOf, providerFailure } from "./provider-failure";

export interface PlantNetOptions {
  /** e.g. https://my-api.plantnet.org (no trailing slash). */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  log?: Pick<Logger, "warn">;
}

/*
 * Pl@ntNet identification API v2, as in Pl@ntNet's own examples
 * (github.com/plantnet/my.plantnet: examples/post/js/run.js, benchmark/js/benchmark.js) and the
 * API docs at my.plantnet.org: POST {base}/v2/identify/{project}?api-key=… as multipart/form-data,
 * one `images` file and one `organs` value per image ("auto" lets Pl@ntNet guess the organ);
 * 200 `{ results[] { score, species { scientificNameWithoutAuthor, commonNames[] } } }`, best first;
 * 404 "Species not found" when nothing matches (including its reject class for non-plants).
 */
const PROJECT = "all";

const identifyResponse = z.object({
  results: z.array(
    z.object({
      score: z.number(),
      species: z.object({
        scientificNameWithoutAuthor: z.string(),
        commonNames: z.array(z.string()).nullish(),
      }),
    }),
  ),
});

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** A copy of the value with the secret (raw or URL-encoded) blanked out of every string in it. */
function redact(value: unknown, secret: string): unknown {
  if (typeof value === "string") {
    return value
      .replaceAll(secret, "[redacted]")
      .replaceAll(encodeURIComponent(secret), "[redacted]");
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, secret));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, redact(item, secret)]),
    );
  }
  return value;
}

/** Pl@ntNet: one identification per photo. Failures become 502s; "not found" is an answer. */
export class PlantNet implements PlantIdentifier {
  readonly engine = "plantnet" as const;

  constructor(private readonly options: PlantNetOptions) {}

  async identify(photo: PreparedPhoto, signal?: AbortSignal): Promise<IdentifyResult> {
    const { baseUrl, apiKey, timeoutMs } = this.options;
    const url = new URL(`${baseUrl}/v2/identify/${PROJECT}`);
    url.search = new URLSearchParams({
      "api-key": apiKey,
      "nb-results": String(SUGGESTIONS_KEPT),
      lang: "en",
    }).toString();
    // The key travels in the query string: only ever log the address without it.
    const where = url.origin + url.pathname;
    const form = new FormData();
    form.append(
      "images",
      new Blob([new Uint8Array(photo.jpeg)], { type: "image/jpeg" }),
      "photo.jpg",
    );
    form.append("organs", "auto");
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;

    let body: unknown;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { accept: "application/json" },
        body: form,
        signal: combined,
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => "");
        // Pl@ntNet's answer for "nothing matches"; any other 404 is a wrong PLANTNET_BASE_URL.
        if (response.status === 404 && /species not found/i.test(detail)) {
          return { engine: "plantnet", recognised: false, candidates: [] };
        }
        this.options.log?.warn(
          {
            status: response.status,
            body: String(redact(detail, apiKey)).slice(0, 300),
            url: where,
          },
          "plantnet answered with an error",
        );
        throw providerFailure("Pl@ntNet", { status: response.status }, timeoutMs);
      }
      body = await response.json();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (signal?.aborted) throw signal.reason;
      const why = failureOf(error, timeout);
      // The request URL carries the key, and a fetch error may quote it.
      const err = redact(error instanceof Error ? pino.stdSerializers.err(error) : error, apiKey);
      this.options.log?.warn({ err, url: where }, `plantnet ${why}`);
      throw providerFailure("Pl@ntNet", why, timeoutMs);
    }

    const parsed = identifyResponse.safeParse(body);
    if (!parsed.success) {
      this.options.log?.warn(
        { issues: parsed.error.issues.slice(0, 5), url: where },
        "plantnet unreadable",
      );
      throw providerFailure("Pl@ntNet", "unreadable", timeoutMs);
    }
    const candidates: IdentifyCandidate[] = parsed.data.results
      .map((result) => ({
        scientificName: result.species.scientificNameWithoutAuthor,
        commonNames: result.species.commonNames ?? [],
        confidence: clamp01(result.score),
      }))
      .sort((a, b) => b.confidence - a.confidence)
      .slice(0, SUGGESTIONS_KEPT);
    return { engine: "plantnet", recognised: candidates.length > 0, candidates };
  }
}
