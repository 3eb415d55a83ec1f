import type { Hemisphere } from "../../weather/season";
import type { IsoDate } from "../dates";
import { earlierGrowingSeason, growingSeasonOf } from "../growing-season";

/**
 * Crop rotation: a family grown in the same place season after season builds up its soil pests
 * and diseases, so a crop warns when its family grew in that area in either of the two seasons
 * before its own. Crops of its own season don't count (they are companions, not predecessors),
 * nor do those three or more seasons back.
 */

/** A crop grown in an area: a plant there now, or one recorded there before. */
export interface Planting {
  name: string;
  cropSlug: string | null;
  family: string | null;
  plantedOn: IsoDate;
}

export interface RotationClash {
  earlier: Planting;
  /** The earlier planting's season ("2025" north, "2025-26" south). */
  season: string;
  seasonsAgo: 1 | 2;
}

const LOOK_BACK = [1, 2] as const;

export function rotationClashes(
  subject: { family: string | null; plantedOn: IsoDate },
  history: readonly Planting[],
  hemisphere: Hemisphere,
): RotationClash[] {
  if (subject.family === null) return [];
  const seasons = LOOK_BACK.map((back) => ({
    back,
    key: earlierGrowingSeason(subject.plantedOn, hemisphere, back).key,
  }));
  return history.flatMap((earlier) => {
    if (earlier.family !== subject.family) return [];
    const season = growingSeasonOf(earlier.plantedOn, hemisphere).key;
    const match = seasons.find((s) => s.key === season);
    return match ? [{ earlier, season, seasonsAgo: match.back }] : [];
  });
}

/** The warning a gardener reads, naming what grew there and when. */
export function rotationMessage(
  subjectName: string,
  family: string,
  areaName: string,
  clashes: readonly RotationClash[],
): string {
  const earlier = [...new Set(clashes.map((c) => `${c.earlier.name} (${c.season})`))];
  return (
    `${subjectName} is in the ${family} family, like ${joinWords(earlier)} grown in ${areaName} ` +
    "in the last two seasons. The same family in the same soil builds up its pests and diseases: " +
    "grow a different family here this season if you can."
  );
}

export function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
