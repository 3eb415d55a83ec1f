import { LayoutGrid } from "lucide-react";
import { Link } from "react-router";
import { focusRing } from "../../../components/ui/button";
import { useAreas } from "../../../lib/areas-api";
import { cn } from "../../../lib/cn";

/** "In Back bed" on a plant's page, linking to the area; nothing when it is in none. */
export function PlantAreaLink({ areaId }: { areaId: string | null }) {
  const area = useAreas(areaId !== null).data?.find((a) => a.id === areaId);
  if (!area) return null;
  return (
    <p className="mt-1 text-stone-700">
      <LayoutGrid size={16} aria-hidden className="mr-1 inline align-[-2px]" />
      In{" "}
      <Link
        to={`/areas/${area.id}`}
        className={cn("rounded font-semibold text-leaf-fg underline", focusRing)}
      >
        {area.name}
      </Link>
    </p>
  );
}
