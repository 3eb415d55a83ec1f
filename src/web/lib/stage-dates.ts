import { formatDay } from "./format";

/**
 * What a stage's dates say beside its bar, the same on a plant's Stages card and a Grow Along
 * guide: a stage ahead gives its ETA, the day it should begin (the day its milestone is planned
 * for, and for the harvest stage the harvest check's day); the stage under way says until when;
 * a stage behind says when it ended. `date` is the day to show it in full on hover.
 */
export function stageDateLabel(
  stage: { startDate: string; endDate: string },
  today: string,
): { text: string; date: string } {
  if (today < stage.startDate) {
    return { text: `ETA ${formatDay(stage.startDate)}`, date: stage.startDate };
  }
  if (today > stage.endDate)
    return { text: `Ended ${formatDay(stage.endDate)}`, date: stage.endDate };
  return { text: `Until ${formatDay(stage.endDate)}`, date: stage.endDate };
}
