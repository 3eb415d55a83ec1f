import type { AreaFit } from "../../../../core/schemas/area";
import { fitText } from "./area-warnings";

/** Spacing in the gardener's units: centimetres, or inches for those who chose °F. */
export const spacingText = (cm: number | null, units: "C" | "F" | undefined) =>
  cm === null
    ? "spacing unknown"
    : units === "F"
      ? `${Math.round(cm / 2.54)} in apart`
      : `${cm} cm apart`;

/** How many more of each crop fit, one line each. */
export function FitList({
  fit,
  hasSize,
  units,
}: {
  fit: readonly AreaFit[];
  hasSize: boolean;
  units: "C" | "F" | undefined;
}) {
  return (
    <ul className="flex flex-col divide-y divide-stone-300" aria-label="How many more fit">
      {fit.map((f) => (
        <li key={f.cropSlug} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
          <span>
            <span className="font-semibold text-stone-900">{f.name}</span>{" "}
            <span className="text-sm text-stone-700">({spacingText(f.spacingCm, units)})</span>
          </span>
          <span className="text-sm font-semibold text-stone-900 tabular-nums">
            {fitText(f.more, hasSize)}
          </span>
        </li>
      ))}
    </ul>
  );
}
