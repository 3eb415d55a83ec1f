import { amountText, type Units } from "../../../../core/garden/harvests";

export interface ChartRow {
  key: string;
  name: string;
  weightG: number;
  count: number;
}

/**
 * A season's totals as horizontal bars (plain CSS, no chart library). Bars measure weight when
 * anything was weighed, else the count. Each row says its figures in words too, and the bars are
 * hidden from screen readers, so the chart reads as a labelled list.
 */
export function TotalsChart({
  title,
  rows,
  units,
}: {
  title: string;
  rows: readonly ChartRow[];
  units: Units;
}) {
  const byWeight = rows.some((row) => row.weightG > 0);
  const measure = (row: ChartRow) => (byWeight ? row.weightG : row.count);
  const largest = Math.max(1, ...rows.map(measure));
  const id = `chart-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <figure aria-labelledby={id} className="m-0">
      <figcaption id={id} className="mb-3 font-semibold text-stone-900">
        {title}
        <span className="ml-2 text-sm font-normal text-stone-700">
          {byWeight ? "by weight" : "by count"}
        </span>
      </figcaption>
      <ul className="flex flex-col gap-3">
        {rows.map((row) => (
          <li key={row.key}>
            <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="min-w-0 break-words font-semibold text-stone-900">{row.name}</span>
              <span className="text-stone-700 tabular-nums">{amountText(row, units)}</span>
            </div>
            <div aria-hidden className="h-3 overflow-hidden rounded-full bg-stone-100">
              <div
                className="h-full rounded-full bg-leaf-500"
                style={{ width: `${(measure(row) / largest) * 100}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </figure>
  );
}
