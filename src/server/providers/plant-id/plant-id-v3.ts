import type { Logger } from "pino";
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

export interface PlantIdV3Options {
  /** e.g. https://plant.id (no trailing slash). */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  log?: Pick<Logger, "warn">;
}

/*
 * Plant.id API v3 (kindwise). Request and response as documented in kindwise's Postman collection
 * "Plant.id v3" (documenter.getpostman.com/view/24599534/2s93z5A4v2) and as sent and read by their
 * Python SDK (github.com/flowerchecker/kindwise-api-client, kindwise/plant.py and core.py):
 * POST {host}/api/v3/identification with an `Api-Key` header, JSON `{ images, similar_images }`,
 * `details=` in the query; answer 201 with `result.is_plant { probability, binary }` and
 * `result.classification.suggestions[] { name, probability, details: { common_names } }`.
 * The spec's modifiers/plantDetails (spec §7) are v2 names: `similar_images` is now a body field
 * and plantDetails is the `details` query parameter.
 */
const DETAILS = ["common_names", "url", "wiki_description", "taxonomy"];

const identificationResponse = z.object({
  result: z.object({
    is_plant: z.object({ binary: z.boolean(), probability: z.number() }),
    classification: z.object({
      suggestions: z.array(
        z.object({
          name: z.string(),
          probability: z.number(),
          // common_names is null when Plant.id knows none; details are absent unless asked for.
          details: z.object({ common_names: z.array(z.string()).nullish() }).nullish(),
        }),
      ),
    }),
  }),
});

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** Plant.id v3: one synchronous identification per photo. Failures become 502s. */
export class PlantIdV3 implements PlantIdentifier {
  readonly engine = "plant.id" as const;

  constructor(private readonly options: PlantIdV3Options) {}

  async identify(photo: PreparedPhoto, signal?: AbortSignal): Promise<IdentifyResult> {
    const { baseUrl, apiKey, timeoutMs } = this.options;
    const url = new URL(`${baseUrl}/api/v3/identification`);
    url.search = new URLSearchParams({ details: DETAILS.join(",") }).toString();
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;

    let body: unknown;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "Api-Key": apiKey,
          "content-type": "application/json",
          accept: "application/json",
        },
        body: JSON.stringify({
          images: [`data:image/jpeg;base64,${photo.jpeg.toString("base64")}`],
          similar_images: true,
        }),
        signal: combined,
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => "");
        this.options.log?.warn(
          {
            status: response.status,
            body: detail.replaceAll(apiKey, "[redacted]").slice(0, 300),
            url: url.origin + url.pathname,
          },
          "plant.id answered with an error",
        );
        throw providerFailure("Plant.id", { status: response.status }, timeoutMs);
      }
      body = await response.json();
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The caller gave up: not Plant.id's fault, and not a reason to log.
      if (signal?.aborted) throw signal.reason;
      const why = failureOf(error, timeout);
      this.options.log?.warn({ err: error, url: url.origin + url.pathname }, `plant.id ${why}`);
      throw providerFailure("Plant.id", why, timeoutMs);
    }

    const parsed = identificationResponse.safeParse(body);
    if (!parsed.success) {
      this.options.log?.warn(
        { issues: parsed.error.issues.slice(0, 5), url: url.origin + url.pathname },
        "plant.id unreadable",
      );
      throw providerFailure("Plant.id", "unreadable", timeoutMs);
    }
    return toResult(parsed.data);
  }
}

function toResult(body: z.infer<typeof identificationResponse>): IdentifyResult {
  const { is_plant, classification } = body.result;
  const candidates: IdentifyCandidate[] = classification.suggestions
    .map((suggestion) => ({
      scientificName: suggestion.name,
      commonNames: suggestion.details?.common_names ?? [],
      confidence: clamp01(suggestion.probability),
    }))
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, SUGGESTIONS_KEPT);
  // Plant.id still lists look-alikes for a photo it judges not to show a plant; they name nothing.
  const recognised = is_plant.binary && candidates.length > 0;
  return { engine: "plant.id", recognised, candidates: recognised ? candidates : [] };
}
