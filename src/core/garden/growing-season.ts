import type { Hemisphere } from "../weather/season";
import type { IsoDate } from "./dates";

/**
 * A growing season as harvest totals and crop rotation count it. North of the equator it is the
 * calendar year. South of it a summer spans New Year, so a season runs 1 July to 30 June and is
 * named for both years ("2026-27"): tomatoes planted in October and picked in February are one
 * season's crop.
 */
export interface GrowingSeason {
  key: string;
  start: IsoDate;
  end: IsoDate;
}

export function growingSeasonOf(date: IsoDate, hemisphere: Hemisphere): GrowingSeason {
  const year = Number(date.slice(0, 4));
  if (hemisphere === "north") {
    return { key: String(year), start: `${year}-01-01`, end: `${year}-12-31` };
  }
  const first = date.slice(5) >= "07-01" ? year : year - 1;
  return {
    key: `${first}-${String((first + 1) % 100).padStart(2, "0")}`,
    start: `${first}-07-01`,
    end: `${first + 1}-06-30`,
  };
}

/** The season `back` seasons before the one holding `date` (1: the season before). */
export function earlierGrowingSeason(
  date: IsoDate,
  hemisphere: Hemisphere,
  back: number,
): GrowingSeason {
  const year = Number(date.slice(0, 4)) - back;
  return growingSeasonOf(`${String(year).padStart(4, "0")}${date.slice(4, 7)}-01`, hemisphere);
}
