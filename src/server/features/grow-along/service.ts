import type { Logger } from "pino";
import type { IsoDate } from "../../../core/garden/dates";
import type { Crop } from "../../../core/schemas/crop";
import {
  GROW_GUIDE_FAILED_MESSAGE,
  type GrowGuide,
  type GrowGuideRequest,
  growGuideSchema,
} from "../../../core/schemas/grow-guide";
import { AppError, badRequest } from "../../errors";
import type { Assistant } from "../../providers/ai";
import type { Catalogue } from "../catalogue/catalogue-read-model";
import type { PlantingWarningCheck } from "../climate/planting-warning-service";

const guideFailed = () => new AppError(502, "upstream_unavailable", GROW_GUIDE_FAILED_MESSAGE);

/**
 * Grow Along (spec §2, §5): the guide comes from the assistant — the built-in rules, or the LLM
 * with the built-in rules standing in when its answer is unusable — and is checked against the
 * API's schema before it is sent. Nothing is stored until the gardener tracks it.
 */
export class GrowAlongService {
  constructor(
    private readonly assistant: Assistant,
    private readonly catalogue: Catalogue,
    private readonly log: Pick<Logger, "warn">,
    private readonly warningFor: PlantingWarningCheck = async () => null,
  ) {}

  /** The guide, and whether today is outside the crop's window at the gardener's place. */
  async guide(userId: string, request: GrowGuideRequest, today: IsoDate): Promise<GrowGuide> {
    const guide = await this.writeGuide(request);
    const plantingWarning = await this.warningFor(
      userId,
      {
        cropSlug: guide.cropSlug,
        date: today,
        startedAs: "seed",
        indoors:
          request.gardenType === "indoor" ||
          request.gardenType === "hydroponic-system" ||
          request.lighting === "led",
      },
      today,
    );
    return { ...guide, plantingWarning };
  }

  private async writeGuide(request: GrowGuideRequest): Promise<GrowGuide> {
    const crop = this.resolveCrop(request);
    let guide: GrowGuide;
    try {
      guide = await this.assistant.growGuide({
        plantName: request.plant,
        crop,
        location: request.location,
        medium: request.medium,
        gardenType: request.gardenType,
        lighting: request.lighting,
        experience: request.experience,
        climate: request.climate,
      });
    } catch (err) {
      this.log.warn({ err, engine: this.assistant.engine }, "grow guide failed");
      throw guideFailed();
    }
    const checked = growGuideSchema.safeParse(guide);
    if (checked.success) return checked.data;
    this.log.warn(
      { engine: guide.engine, issues: checked.error.issues.slice(0, 3) },
      "grow guide broke the API's limits",
    );
    throw guideFailed();
  }

  /** The crop picked (an unknown slug is 400), else the one the name or an alias names. */
  private resolveCrop(request: GrowGuideRequest): Crop | null {
    if (!request.cropSlug) return this.catalogue.byName(request.plant) ?? null;
    const crop = this.catalogue.bySlug(request.cropSlug);
    if (crop) return crop;
    throw badRequest(
      "That crop is not in the catalogue. Pick one from the list, or type any plant for a general guide.",
      [{ path: "cropSlug", message: "Unknown crop." }],
    );
  }
}
