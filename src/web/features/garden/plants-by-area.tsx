import { Link } from "react-router";
import type { Area } from "../../../core/schemas/area";
import { focusRing } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import type { PlantListItem } from "../../lib/garden-api";
import { PlantCards } from "./plants-card";

const grid = "grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3";

/** The Plant Tracker's sections: one per area, then the plants in none. */
export function PlantsByArea({
  plants,
  areas,
}: {
  plants: readonly PlantListItem[];
  areas: readonly Area[];
}) {
  const known = new Set(areas.map((a) => a.id));
  const unplaced = plants.filter((p) => !p.areaId || !known.has(p.areaId));
  return (
    <div className="flex flex-col gap-6">
      {areas.map((area) => {
        const here = plants.filter((p) => p.areaId === area.id);
        return (
          <section key={area.id} aria-labelledby={`area-${area.id}`}>
            <h2 id={`area-${area.id}`} className="mb-3 text-[18px] font-semibold text-stone-900">
              <Link
                to={`/areas/${area.id}`}
                className={cn("rounded hover:text-leaf-fg hover:underline", focusRing)}
              >
                {area.name}
              </Link>{" "}
              <span className="text-sm font-normal text-stone-700">({here.length})</span>
            </h2>
            {here.length === 0 ? (
              <p className="text-sm text-stone-700">No plants here yet.</p>
            ) : (
              <PlantCards plants={here} className={grid} label={`Plants in ${area.name}`} />
            )}
          </section>
        );
      })}
      {unplaced.length > 0 && (
        <section aria-labelledby="area-none">
          <h2 id="area-none" className="mb-3 text-[18px] font-semibold text-stone-900">
            Not in an area{" "}
            <span className="text-sm font-normal text-stone-700">({unplaced.length})</span>
          </h2>
          <PlantCards plants={unplaced} className={grid} label="Plants not in an area" />
        </section>
      )}
    </div>
  );
}
