import { useMemo } from "react";
import { cn } from "../../lib/cn";
import type { CalendarCrop } from "./api/get-planting-calendar";
import { chartSpan, monthColumns } from "./calendar-chart";
import { ChartLegend, YearChart } from "./year-chart";

const VERDICTS: Record<CalendarCrop["verdict"], { label: string; className: string }> = {
  now: { label: "Now", className: "bg-leaf-100 text-leaf-fg" },
  soon: { label: "Soon", className: "bg-sun-500 text-ink" },
  "not-now": { label: "Not now", className: "bg-stone-100 text-stone-700" },
};

/** The crops' verdicts and year charts, with the chart's key above them. */
export function CropList({ crops, today }: { crops: readonly CalendarCrop[]; today: string }) {
  const span = useMemo(() => chartSpan(today), [today]);
  const months = useMemo(() => monthColumns(span), [span]);
  return (
    <div className="flex flex-col gap-4">
      <ChartLegend />
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {crops.map((crop) => {
          const verdict = VERDICTS[crop.verdict];
          return (
            <li
              key={crop.slug}
              className="min-w-0 rounded-[16px] border border-stone-300 bg-surface p-4"
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="min-w-0 font-semibold break-words text-stone-900">{crop.name}</h3>
                <span
                  className={cn(
                    "shrink-0 rounded-full px-2 py-0.5 text-sm font-semibold",
                    verdict.className,
                  )}
                >
                  {verdict.label}
                </span>
              </div>
              <p className="mt-1 text-sm break-words text-stone-700">{crop.reason}</p>
              {crop.windows.length > 0 && (
                <YearChart
                  name={crop.name}
                  windows={crop.windows}
                  span={span}
                  months={months}
                  today={today}
                />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
