import { CalendarDays, LayoutGrid, Plus } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, focusRing } from "../../components/ui/button";
import { PageHeader } from "../../components/ui/misc";
import { useAreas } from "../../lib/areas-api";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { usePlants } from "../../lib/garden-api";
import { AddPlantDialog } from "./add-plant-dialog";
import { PlantsByArea } from "./plants-by-area";
import { PlantGrid } from "./plants-card";

// Smaller on a phone, so both links share one row above Add Plant instead of a row each.
const linkStyle = cn(
  "inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-sm font-semibold text-leaf-fg hover:bg-leaf-100 sm:gap-2 sm:text-base",
  focusRing,
);

export function PlantsPage() {
  const { status } = useAuth();
  // Deferred, so the cards render in slices that leave a phone free to answer taps (issue 27).
  const plants = useDeferredValue(usePlants());
  // Grouped by area once there are areas; until they load (or if they fail) one list.
  const areas = useAreas(status === "signed-in").data;
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  return (
    <div>
      <PageHeader title="Plant Tracker">
        <div className="flex flex-wrap items-center gap-x-1 gap-y-2 sm:gap-3">
          <Link to="/areas" className={linkStyle}>
            <LayoutGrid size={18} aria-hidden />
            Beds & areas
          </Link>
          <Link to="/planting-calendar" className={linkStyle}>
            <CalendarDays size={18} aria-hidden />
            Planting calendar
          </Link>
          <Button onClick={() => setAdding(true)}>
            <Plus size={20} aria-hidden />
            Add Plant
          </Button>
        </div>
      </PageHeader>
      <PlantGrid
        status={status}
        plants={plants}
        wide
        grouped={
          areas && areas.length > 0
            ? (list) => <PlantsByArea plants={list} areas={areas} />
            : undefined
        }
      />
      <AddPlantDialog
        open={adding}
        onOpenChange={setAdding}
        onAdded={(id) => navigate(`/plants/${id}`)}
      />
    </div>
  );
}
