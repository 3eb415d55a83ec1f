import { addDays, type IsoDate } from "../garden/dates";

// Issue 26: "first harvest due". When a plant's plan reaches its harvest stage, the gardener hears
// it once, on the channels they chose for reminders.

/**
 * A harvest stage that began more than this many days ago is not news: a plant added part-way
 * through its harvest, or a gardener who only now turned reminders on, gets no late "first
 * harvest due".
 */
export const HARVEST_DUE_WINDOW_DAYS = 7;

/** Whether a plant whose harvest stage starts on `harvestDate` is due its reminder `today`. */
export function isFirstHarvestDue(harvestDate: IsoDate | null, today: IsoDate): boolean {
  return (
    harvestDate !== null &&
    harvestDate <= today &&
    harvestDate >= addDays(today, -HARVEST_DUE_WINDOW_DAYS)
  );
}

export interface HarvestDuePlant {
  id: string;
  name: string;
  harvestDate: IsoDate;
}

export interface HarvestDueMessage {
  title: string;
  lines: string[];
  /** Where the message opens the app: the plant, or the plant list for several. */
  url: string;
}

/** The reminder's words, for push, e-mail and channels alike. */
export function harvestDueMessage(plants: readonly HarvestDuePlant[]): HarvestDueMessage {
  const sorted = [...plants].sort(
    (a, b) => a.harvestDate.localeCompare(b.harvestDate) || a.name.localeCompare(b.name),
  );
  const [only] = sorted;
  return {
    title:
      sorted.length === 1 && only
        ? `First harvest due: ${only.name}`
        : `First harvest due for ${sorted.length} plants`,
    lines: [
      ...sorted.map((plant) => `${plant.name} — ready to pick from ${plant.harvestDate}`),
      "Log what you pick in Tendril to see the season's totals.",
    ],
    url: sorted.length === 1 && only ? `/plants/${encodeURIComponent(only.id)}` : "/plants",
  };
}
