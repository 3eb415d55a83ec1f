import { guideStagesToPlan } from "../../../core/garden/grow-guide/stages";
import { plantSchedule } from "../../../core/garden/schedule";
import type { GuideStage } from "../../../core/schemas/grow-guide";
import { cn } from "../../lib/cn";
import { fullDate } from "../../lib/format";
import { stageDateLabel } from "../../lib/stage-dates";
import { dayRangeLabel, stageBars } from "./stage-chart";

/**
 * STYLE: a stage timeline is horizontal bars with the current stage highlighted and an ETA label;
 * on mobile each stage's label stacks over its bar. Bars run from startDay to endDay on one axis,
 * dated by the schedule a plant planted on `startDate` (today, for a guide not yet tracked) gets
 * from these stages, so the plant tracked from it shows the same dates.
 */
export function TimelineChart({
  stages,
  startDate,
}: {
  stages: readonly GuideStage[];
  startDate: string;
}) {
  const bars = stageBars(stages);
  const dated = plantSchedule(guideStagesToPlan(stages), startDate).stages;
  const lastDay = Math.max(...stages.map((s) => s.endDay));
  return (
    <div>
      <ol className="flex flex-col gap-4">
        {bars.map((bar, index) => {
          const current = bar.startDay <= 0 && bar.endDay >= 0;
          const dates = dated[index] && stageDateLabel(dated[index], startDate);
          return (
            <li
              key={`${bar.name}-${bar.startDay}`}
              className="grid gap-1.5 sm:grid-cols-[14rem_minmax(0,1fr)] sm:items-center sm:gap-x-4"
            >
              <div className="flex flex-col">
                <span className={cn("font-semibold", current ? "text-leaf-fg" : "text-stone-900")}>
                  <span className="capitalize">{bar.name}</span>
                  {current && " (now)"}
                </span>
                <span className="text-sm whitespace-nowrap text-stone-700 tabular-nums">
                  {dayRangeLabel(bar.startDay, bar.endDay)}
                  {dates && (
                    <>
                      {" · "}
                      <span title={fullDate(dates.date)}>{dates.text}</span>
                    </>
                  )}
                </span>
              </div>
              <div aria-hidden className="relative h-4 rounded-full bg-stone-100 sm:h-5">
                <div
                  className={cn(
                    "absolute inset-y-0 rounded-full",
                    current ? "bg-leaf-500" : "bg-leaf-500/45",
                  )}
                  style={{ left: `${bar.left}%`, width: `${bar.width}%` }}
                />
              </div>
              {bar.description && (
                <p className="text-sm text-stone-700 sm:col-start-2">{bar.description}</p>
              )}
            </li>
          );
        })}
      </ol>
      <div
        aria-hidden
        className="mt-2 hidden justify-between text-xs text-stone-700 tabular-nums sm:ml-[calc(14rem+1rem)] sm:flex"
      >
        <span>Day 0</span>
        <span>Day {lastDay}</span>
      </div>
    </div>
  );
}
