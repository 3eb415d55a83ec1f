import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { climateFromHistory, MIN_HISTORY_YEARS } from "../../../core/climate/climate-from-history";
import type { ClimateProfile } from "../../../core/climate/climate-profile";
import type { IsoDate } from "../../../core/garden/dates";
import type { Database } from "../../db/schema";
import type { ClimateArchive, LatLon } from "../../providers/weather";
import { readClimate, writeClimate } from "./repository";

/** A place's climate, or none: then screens fall back to the season rules, marked an estimate. */
export interface PlaceClimate {
  profile: ClimateProfile | null;
  /** True when no profile could be had and advice comes from the hemisphere and season rules. */
  estimate: boolean;
}

/** A computed profile is worked out again after this long (the archive gains a year). */
const RECOMPUTE_AFTER_DAYS = 365;

/** The cache key: the point to 0.1° (about 10 km), finer than the archive's grid. */
export const climateKey = (point: LatLon) => `${point.lat.toFixed(1)},${point.lon.toFixed(1)}`;

export interface ClimateServiceDeps {
  db: Kysely<Database>;
  archive: ClimateArchive;
  log?: Pick<Logger, "warn">;
  now?: () => Date;
}

/**
 * The typical-year climate of a point: from the cache, else computed from the archive's last
 * ten whole years and cached for everyone near it. An archive that cannot be reached, or too
 * little history, gives no profile (an estimate), never an error.
 */
export class ClimateService {
  constructor(private readonly deps: ClimateServiceDeps) {}

  async climateAt(point: LatLon, today: IsoDate): Promise<PlaceClimate> {
    const key = climateKey(point);
    const now = this.deps.now?.() ?? new Date();
    const stored = await readClimate(this.deps.db, key);
    if (stored && !isStale(stored.computed_at, now)) {
      return { profile: JSON.parse(stored.payload) as ClimateProfile, estimate: false };
    }
    const year = Number(today.slice(0, 4));
    let profile: ClimateProfile | null = null;
    try {
      const days = await this.deps.archive.history(
        point,
        `${year - MIN_HISTORY_YEARS}-01-01`,
        `${year - 1}-12-31`,
      );
      profile = climateFromHistory(days, point.lat);
    } catch (error) {
      this.deps.log?.warn({ err: error, key }, "climate archive unavailable; using the estimate");
    }
    if (!profile) {
      // An old profile is better than the estimate while the archive cannot be asked.
      if (stored) return { profile: JSON.parse(stored.payload) as ClimateProfile, estimate: false };
      return { profile: null, estimate: true };
    }
    await writeClimate(this.deps.db, {
      key,
      payload: JSON.stringify(profile),
      computedAt: now.toISOString(),
    });
    return { profile, estimate: false };
  }
}

function isStale(computedAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(computedAt) > RECOMPUTE_AFTER_DAYS * 86_400_000;
}
