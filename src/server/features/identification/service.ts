import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { type CropMatcher, createCropMatcher } from "../../../core/identification/match-crop";
import type { Crop } from "../../../core/schemas/crop";
import {
  type AnalyzeIssueRequest,
  type CareInfo,
  COMMON_NAMES_SHOWN,
  careProviders,
  IDENTIFICATIONS_KEPT,
  type Identification,
  type IdentificationSuggestion,
  identificationEngines,
  identificationSchema,
  type ReframeRequest,
  SUGGESTIONS_KEPT,
} from "../../../core/schemas/identification";
import { localizeUnits } from "../../../core/units-text";
import type { DatabaseHandle } from "../../db/connection";
import { AppError, notFound } from "../../errors";
import { type ImageRow, imageRow } from "../../lib/photos/image-store";
import type { PhotoGate } from "../../lib/photos/photo-gate";
import type { Assistant } from "../../providers/ai/assistant";
import type { KnowledgeBase } from "../../providers/ai/knowledge/knowledge-base";
import type { IdentifyResult, PlantIdentifier } from "../../providers/plant-id/plant-identifier";
import type { Catalogue } from "../catalogue/catalogue-read-model";
import { plantNameAndCrop } from "../garden/read-model";
import { findUnits } from "../profile/read-model";
import { careInfo } from "./care";
import {
  findIdentification,
  type IdentificationRow,
  identificationImage,
  insertIdentification,
  listIdentifications,
} from "./repository";

/** The plantName of a photo no engine recognised. */
export const NOT_RECOGNISED_NAME = "Not recognised";

/** What the stored JSON holds: the Identification but for its id, URL and time. */
const storedSchema = identificationSchema.omit({ id: true, imageUrl: true, createdAt: true });
type Stored = Omit<Identification, "id" | "imageUrl" | "createdAt">;

/** What saving an identification as a plant takes from it. */
export interface IdentificationForPlant {
  plantName: string;
  scientificName: string;
  commonNames: string[];
  cropSlug: string | null;
  imageId: string | null;
  createdAt: string;
}

export const identificationImageUrl = (id: string) =>
  `/api/identifications/${encodeURIComponent(id)}/image`;

let lastCreatedAt = 0;
/**
 * Now, but always later than the last identification made by this process: the newest-first
 * order (and which ten are kept) must not depend on two photos sharing a millisecond.
 */
function createdAtNow(): string {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return new Date(lastCreatedAt).toISOString();
}

const fold = (text: string) => text.trim().toLowerCase();

/** Up to `limit` names, each once whatever its case, blanks dropped. */
function distinctNames(names: readonly string[], limit: number): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of names) {
    const name = raw.trim().replace(/\s+/g, " ");
    if (!name || seen.has(fold(name))) continue;
    seen.add(fold(name));
    kept.push(name);
    if (kept.length === limit) break;
  }
  return kept;
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

export interface IdentificationDeps {
  database: DatabaseHandle;
  identifier: PlantIdentifier;
  catalogue: Catalogue;
  /** Read on first use: loading the knowledge base takes a second or more at start. */
  knowledge: () => KnowledgeBase;
  assistant: Assistant;
  /** Every photo is decoded through the app's one photo gate. */
  photos: Pick<PhotoGate, "process">;
  log: Pick<Logger, "warn" | "error">;
}

/** Spec §4/§7 Plant ID: identify, history, care info, the AI summary and issue analysis. */
export class IdentificationService {
  private readonly species: CropMatcher<Crop>;

  constructor(private readonly deps: IdentificationDeps) {
    this.species = createCropMatcher(deps.catalogue.crops);
  }

  private get db() {
    return this.deps.database.db;
  }

  /**
   * Checks and cleans the photo, asks the identifier, and keeps the result with the photo (the
   * newest 10 per gardener). A photo no engine recognises is kept too: the page shows the
   * failure banner, and the history shows the attempt. `signal` aborts when the sender has
   * gone: the photo is then neither identified nor kept.
   */
  async identify(userId: string, bytes: Buffer, signal?: AbortSignal): Promise<Identification> {
    const photo = await this.deps.photos.process(bytes, signal);
    let result: IdentifyResult;
    try {
      result = await this.deps.identifier.identify(photo.prepared, signal);
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (signal?.aborted) {
        throw new AppError(400, "invalid_request", "The connection closed before the answer.");
      }
      this.deps.log.error({ err }, "plant identification failed");
      throw new AppError(
        502,
        "upstream_unavailable",
        "Plant identification is not available right now. Please try again in a moment.",
      );
    }
    const stored = this.describe(result);
    const id = randomUUID();
    const createdAt = createdAtNow();
    await insertIdentification(
      this.db,
      this.deps.database.dialect,
      { id, user_id: userId, result: JSON.stringify(stored), created_at: createdAt },
      imageRow(randomUUID(), userId, photo.stored, createdAt),
      IDENTIFICATIONS_KEPT,
    );
    return { id, ...stored, imageUrl: identificationImageUrl(id), createdAt };
  }

  /** The engine's answer in API.md's terms, each species matched to a catalogue crop. */
  describe(result: IdentifyResult): Stored {
    const suggestions: (IdentificationSuggestion & {
      level: string | null;
      cropName: string | null;
    })[] = result.candidates.slice(0, SUGGESTIONS_KEPT).map((candidate) => {
      const match = this.species.match(candidate.scientificName);
      return {
        scientificName: candidate.scientificName.trim(),
        commonNames: distinctNames(candidate.commonNames, COMMON_NAMES_SHOWN),
        confidence: clamp01(candidate.confidence),
        cropSlug: match?.crop.slug ?? null,
        level: match?.level ?? null,
        cropName: match?.crop.name ?? null,
      };
    });
    const best = suggestions[0];
    const bare = suggestions.map(({ level: _level, cropName: _name, ...rest }) => rest);
    const engine = identificationEngines.includes(result.engine) ? result.engine : "offline";
    if (!result.recognised || !best) {
      return {
        engine,
        recognised: false,
        plantName: NOT_RECOGNISED_NAME,
        scientificName: "",
        confidence: best?.confidence ?? 0,
        commonNames: [],
        cropSlug: null,
        suggestions: bare,
      };
    }
    // The crop's name when the species is the crop's; a genus-only match ("Rosa chinensis" is a
    // rose) keeps the species' own common name, which says more.
    const cropName = best.level === "genus" ? null : best.cropName;
    return {
      engine,
      recognised: true,
      // At most a plant name's 100 characters, so the result can be saved as a plant as it is.
      plantName: (cropName ?? best.commonNames[0] ?? best.cropName ?? best.scientificName).slice(
        0,
        100,
      ),
      scientificName: best.scientificName,
      confidence: best.confidence,
      commonNames: distinctNames(
        [...best.commonNames, ...(cropName ? [cropName] : [])],
        COMMON_NAMES_SHOWN,
      ),
      cropSlug: best.cropSlug,
      suggestions: bare,
    };
  }

  private toIdentification(row: IdentificationRow): Identification {
    const parsed = storedSchema.safeParse(JSON.parse(row.result));
    const stored: Stored = parsed.success
      ? parsed.data
      : {
          engine: "offline",
          recognised: false,
          plantName: NOT_RECOGNISED_NAME,
          scientificName: "",
          confidence: 0,
          commonNames: [],
          cropSlug: null,
          suggestions: [],
        };
    return {
      id: row.id,
      ...stored,
      imageUrl: identificationImageUrl(row.id),
      createdAt: row.created_at,
    };
  }

  async list(userId: string): Promise<Identification[]> {
    const rows = await listIdentifications(this.db, userId, IDENTIFICATIONS_KEPT);
    return rows.map((row) => this.toIdentification(row));
  }

  async image(userId: string, id: string): Promise<ImageRow> {
    const image = await identificationImage(this.db, userId, id);
    if (!image) throw notFound("That identification's photo");
    return image;
  }

  /** For POST /api/plants with identificationId: null when it is not the gardener's. */
  async forPlant(userId: string, id: string): Promise<IdentificationForPlant | null> {
    const row = await findIdentification(this.db, userId, id);
    if (!row) return null;
    const found = this.toIdentification(row);
    return {
      plantName: found.plantName,
      scientificName: found.scientificName,
      commonNames: found.commonNames,
      cropSlug: found.cropSlug,
      imageId: row.image_id,
      createdAt: found.createdAt,
    };
  }

  /** The crop a care query names: by name or alias, then by scientific name. */
  private cropFor(query: string): Crop | undefined {
    const { catalogue } = this.deps;
    const singular = query.replace(/(?<=[a-z])(?:es|s)$/i, "");
    return (
      catalogue.byName(query) ??
      this.species.match(query)?.crop ??
      catalogue.byName(singular) ??
      catalogue.byName(query.replace(/(?<=[a-z])s$/i, ""))
    );
  }

  /** Care info (spec "Care info"), its sentences in the gardener's units. */
  async care(userId: string, provider: string, query: string): Promise<CareInfo> {
    if (!(careProviders as readonly string[]).includes(provider)) {
      throw new AppError(
        404,
        "not_found",
        `There is no care provider "${provider.slice(0, 40)}": use ${careProviders.join(", ")}.`,
      );
    }
    const crop = this.cropFor(query);
    if (!crop) {
      throw new AppError(
        404,
        "not_found",
        `Tendril has no care notes for "${query.slice(0, 100)}" yet: try its common name as the catalogue lists it, like "tomato", or its scientific name.`,
      );
    }
    const info = careInfo(crop, this.deps.knowledge());
    const units = await findUnits(this.db, userId);
    if (units === "C") return info;
    const say = (text: string) => localizeUnits(text, units);
    const sayOrNull = (text: string | null) => (text === null ? null : say(text));
    return {
      ...info,
      sunlight: say(info.sunlight),
      watering: say(info.watering),
      growth_habit: say(info.growth_habit),
      toxicity: sayOrNull(info.toxicity),
      soil: say(info.soil),
      maintenance: say(info.maintenance),
      pruning_month: sayOrNull(info.pruning_month),
    };
  }

  /**
   * Spec §7 reframe-identification: the AI Summary under the result. The assistant writes it from
   * what the gardener was shown; a photo that was not recognised gets advice on a better one.
   */
  async reframe(input: ReframeRequest) {
    const raw = typeof input.rawData === "string" ? { plantName: input.rawData } : input.rawData;
    const plantName = raw.plantName?.trim();
    if (raw.recognised === false || !plantName || plantName === NOT_RECOGNISED_NAME) {
      return {
        summary:
          "Tendril could not recognise a plant in this photo. Try again with one leaf or flower " +
          "filling most of the frame, in daylight and in focus, against a plain background.",
        engine: this.deps.assistant.engine,
        sources: [],
      };
    }
    const text = await this.deps.assistant.identificationSummary({
      plantName,
      scientificName: raw.scientificName?.trim() || null,
      commonNames: raw.commonNames ?? [],
      confidence: input.confidence,
      cropSlug: raw.cropSlug && this.deps.catalogue.bySlug(raw.cropSlug) ? raw.cropSlug : null,
    });
    return { summary: text.text, engine: text.engine, sources: text.sources };
  }

  /** Spec §7 analyze-issue; with plantId (the gardener's own, else 404) that plant is in focus. */
  async analyzeIssue(userId: string, input: AnalyzeIssueRequest) {
    let plantName: string | null = null;
    let cropSlug: string | null = null;
    if (input.plantId) {
      const plant = await plantNameAndCrop(this.db, userId, input.plantId);
      if (!plant) throw notFound("That plant");
      plantName = plant.name;
      cropSlug = plant.crop_slug;
    }
    const location =
      typeof input.location === "string" ? input.location : (input.location?.place ?? null);
    const analysis = await this.deps.assistant.analyzeIssue({
      description: input.description,
      plantName,
      cropSlug,
      location: location?.trim() || null,
    });
    return {
      summary: analysis.text,
      causes: analysis.causes,
      engine: analysis.engine,
      sources: analysis.sources,
    };
  }
}
