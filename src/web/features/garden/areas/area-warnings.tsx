import { TriangleAlert } from "lucide-react";
import type { AreaWarning } from "../../../../core/schemas/area";

const titles: Record<AreaWarning["kind"], string> = {
  companion: "Poor companions",
  rotation: "Crop rotation",
};

/** Companion and rotation warnings, in the warning colour with a word and an icon. */
export function AreaWarnings({ warnings }: { warnings: readonly AreaWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Warnings">
      {warnings.map((warning) => (
        <li
          key={warning.message}
          className="rounded-xl border-l-4 border-sun-500 bg-surface p-3 text-sm text-stone-900 inset-ring-1 inset-ring-stone-300"
        >
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert size={18} aria-hidden className="shrink-0 text-sun-500" />
            {titles[warning.kind]}
          </p>
          <p className="mt-1">{warning.message}</p>
        </li>
      ))}
    </ul>
  );
}

/** "3 more fit", "Full", or why it can't tell. */
export function fitText(more: number | null, hasSize: boolean): string {
  if (more === null) {
    return hasSize
      ? "Can't tell: a plant here has no spacing in the catalogue"
      : "Can't tell: give the area a size";
  }
  if (more === 0) return "No room for another";
  return `${more} more fit`;
}
