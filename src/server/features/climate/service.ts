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

/**
 * After the archive could not be asked for a point, background reads (a chat, a planting
 * warning, What to Plant Now) do not ask it again for this long: an offline server would
 * otherwise wait on it for each. A gardener asking for their climate or calendar asks again.
 */
export const ARCHIVE_RETRY_MS = 5 * 60_000;

/** Points remembered as failed; past it the memory starts again. */
const MAX_FAILED = 10_000;

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
  /** When the archive last failed, by point (kept in memory: a restart may ask again). */
  private readonly failedAt = new Map<string, number>();

  constructor(private readonly deps: ClimateServiceDeps) {}

  async climateAt(point: LatLon, today: IsoDate, askAgain = false): Promise<PlaceClimate> {
    const key = climateKey(point);
    const now = this.deps.now?.() ?? new Date();
    const stored = await readClimate(this.deps.db, key);
    if (stored && !isStale(stored.computed_at, now)) {
      return { profile: JSON.parse(stored.payload) as ClimateProfile, estimate: false };
    }
    const profile = await this.fromArchive(key, point, Number(today.slice(0, 4)), now, askAgain);
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

  /** The last ten whole years from the archive; null when it fails or failed a moment ago. */
  private async fromArchive(
    key: string,
    point: LatLon,
    year: number,
    now: Date,
    askAgain: boolean,
  ) {
    const failed = this.failedAt.get(key);
    if (!askAgain && failed !== undefined && now.getTime() - failed < ARCHIVE_RETRY_MS) return null;
    try {
      const days = await this.deps.archive.history(
        point,
        `${year - MIN_HISTORY_YEARS}-01-01`,
        `${year - 1}-12-31`,
      );
      this.failedAt.delete(key);
      return climateFromHistory(days, point.lat);
    } catch (error) {
      this.deps.log?.warn({ err: error, key }, "climate archive unavailable; using the estimate");
      if (this.failedAt.size >= MAX_FAILED) this.failedAt.clear();
      this.failedAt.set(key, now.getTime());
      return null;
    }
  }
}

function isStale(computedAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(computedAt) > RECOMPUTE_AFTER_DAYS * 86_400_000;
}
