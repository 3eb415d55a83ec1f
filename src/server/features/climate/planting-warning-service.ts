import type { Logger } from "pino";
import { plantingWarning, type StartedAs } from "../../../core/climate/planting-warning";
import { addDays, compareDates, type IsoDate } from "../../../core/garden/dates";
import type { CropCalendar } from "../../../core/schemas/crop-calendar";
import type { Catalogue } from "../catalogue/catalogue-read-model";
import { findUnits } from "../profile/read-model";
import { type GardenerClimateDeps, gardenerClimate } from "./gardener-climate";

/** What the gardener is about to plant, as Add Plant, Grow Along and Track this plant know it. */
export interface PlantingPlan {
  cropSlug: string | null;
  date: IsoDate;
  /** "either" when the gardener has not said whether it goes in as seed or as a plant. */
  startedAs: StartedAs | "either";
  indoors: boolean;
}

export type PlantingWarningCheck = (
  userId: string,
  plan: PlantingPlan,
  today: IsoDate,
) => Promise<string | null>;

/**
 * A plant dated further back than this is a record of one already growing, not a planting to
 * warn about.
 */
const RECORD_AFTER_DAYS = 7;

/**
 * The out-of-window warning for a gardener's planting (API.md `plantingWarning`): null for a crop
 * outside the catalogue, a gardener with no place or no known climate, or a date in a window. A
 * warning never stops a save: if the climate cannot be had, there is none.
 */
export function plantingWarnings(
  deps: GardenerClimateDeps & {
    catalogue: Catalogue;
    calendars: ReadonlyMap<string, CropCalendar>;
    log: Pick<Logger, "warn">;
  },
): PlantingWarningCheck {
  return async (userId, plan, today) => {
    const crop = plan.cropSlug ? deps.catalogue.bySlug(plan.cropSlug) : undefined;
    const calendar = plan.cropSlug ? deps.calendars.get(plan.cropSlug) : undefined;
    if (!crop || !calendar) return null;
    if (compareDates(plan.date, addDays(today, -RECORD_AFTER_DAYS)) < 0) return null;
    try {
      const [found, units] = await Promise.all([
        gardenerClimate(deps, userId, today),
        findUnits(deps.db, userId),
      ]);
      if (!found?.profile) return null;
      return plantingWarning(
        found.profile,
        {
          name: crop.name,
          crop: { calendar, daysToMaturity: crop.daysToMaturity },
          date: plan.date,
          startedAs: plan.startedAs,
          indoors: plan.indoors,
        },
        units,
      );
    } catch (err) {
      deps.log.warn({ err }, "could not work out a planting warning");
      return null;
    }
  };
}
