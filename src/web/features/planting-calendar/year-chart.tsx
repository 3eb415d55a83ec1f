import type { CalendarAction } from "../../../core/climate/planting-calendar";
import { ACTION_WORDS, shortDate } from "../../../core/climate/verdict-words";
import { cn } from "../../lib/cn";
import {
  ACTIONS,
  bandOf,
  type CalendarWindow,
  type ChartSpan,
  type MonthColumn,
  todayAt,
  windowsInWords,
} from "./calendar-chart";

/** Each window's colour (STYLE tokens) and the short name its row carries, so colour is not alone. */
export const BANDS: Record<CalendarAction, { row: string; colour: string }> = {
  "start-indoors": { row: "Indoors", colour: "bg-sky-500" },
  sow: { row: "Sow", colour: "bg-leaf-500" },
  "plant-out": { row: "Plant out", colour: "bg-sun-500" },
  harvest: { row: "Harvest", colour: "bg-soil-700" },
};

const ROW = "h-4";

/**
 * A crop's next twelve months: a row per kind of window it has, each window a band placed by
 * day, months across the top and today's line through them all. A screen reader gets the windows
 * in words instead.
 */
export function YearChart({
  name,
  windows,
  span,
  months,
  today,
}: {
  name: string;
  windows: readonly CalendarWindow[];
  span: ChartSpan;
  months: readonly MonthColumn[];
  today: string;
}) {
  const rows = ACTIONS.filter((action) => windows.some((w) => w.action === action));
  return (
    <div
      role="img"
      aria-label={`${name}: ${windowsInWords(windows)}`}
      className="mt-3 flex gap-2 text-xs text-stone-700"
    >
      <div className="flex w-16 shrink-0 flex-col gap-1">
        <div className={ROW} />
        {rows.map((action) => (
          <div key={action} className={cn(ROW, "leading-4 whitespace-nowrap")}>
            {BANDS[action].row}
          </div>
        ))}
      </div>
      <div className="relative flex min-w-0 flex-1 flex-col gap-1">
        {months.map((month, i) => (
          <div
            key={month.first}
            className={cn("absolute inset-y-0", i % 2 === 0 ? "bg-stone-100" : "")}
            style={{ left: `${month.left}%`, width: `${month.width}%` }}
          />
        ))}
        <div className={cn(ROW, "relative")}>
          {months.map((month) => (
            <span
              key={month.first}
              className="absolute top-0 text-center leading-4"
              style={{ left: `${month.left}%`, width: `${month.width}%` }}
            >
              <span className="sm:hidden">{month.initial}</span>
              <span className="hidden sm:inline">{month.short}</span>
            </span>
          ))}
        </div>
        {rows.map((action) => (
          <div key={action} className={cn(ROW, "relative")}>
            {windows
              .filter((w) => w.action === action)
              .map((w) => {
                const band = bandOf(w, span);
                return (
                  band && (
                    <div
                      key={w.from}
                      data-testid="band"
                      title={`${ACTION_WORDS[action]} ${shortDate(w.from)} – ${shortDate(w.to)}`}
                      className={cn("absolute inset-y-0.5 rounded-sm", BANDS[action].colour)}
                      style={{ left: `${band.left}%`, width: `${band.width}%` }}
                    />
                  )
                );
              })}
          </div>
        ))}
        <div
          data-testid="today-line"
          // From under the month names, so it never strikes one through.
          className="absolute top-4 bottom-0 w-0.5 -translate-x-1/2 bg-stone-900"
          style={{ left: `${todayAt(today, span)}%` }}
        />
      </div>
    </div>
  );
}

/** What the colours and the line mean, once above the list. */
export function ChartLegend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700" aria-label="Chart key">
      {ACTIONS.map((action) => (
        <li key={action} className="flex items-center gap-1.5">
          <span aria-hidden className={cn("h-3 w-5 rounded-sm", BANDS[action].colour)} />
          {ACTION_WORDS[action]}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="h-4 w-0.5 bg-stone-900" />
        Today
      </li>
    </ul>
  );
}
