import { Plus } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, focusRing } from "../../../components/ui/button";
import { FailedLoad, PageHeader, Skeleton } from "../../../components/ui/misc";
import { useAreas } from "../../../lib/areas-api";
import { cn } from "../../../lib/cn";
import { useMe } from "../../../lib/use-me";
import { AreaDialog } from "./area-dialog";
import { areaSummary, sizeUnitFor } from "./area-words";

const plantsText = (n: number) => (n === 1 ? "1 plant" : `${n} plants`);

/** Beds and areas (issue 26): each with what it is, its size and sun, and how many plants. */
export function AreasPage() {
  const areas = useAreas();
  const unit = sizeUnitFor(useMe().data?.units);
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  return (
    <div>
      <PageHeader title="Beds & areas">
        <Button onClick={() => setAdding(true)}>
          <Plus size={20} aria-hidden />
          Add area
        </Button>
      </PageHeader>
      <p className="mb-4 max-w-prose text-stone-700">
        Raised beds, container groups, shelves and hydroponic systems. Put plants in them to see how
        many more fit and to get companion and crop rotation warnings.
      </p>
      {areas.isError ? (
        <FailedLoad
          error={areas.error}
          words={{ fallback: "Your areas could not be loaded" }}
          onRetry={() => void areas.refetch()}
          retrying={areas.isFetching}
        />
      ) : !areas.data ? (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : areas.data.length === 0 ? (
        <div className="rounded-[16px] border border-stone-300 bg-surface p-4">
          <p className="text-stone-700">
            No areas yet. Add your first bed, shelf or container group.
          </p>
          <Button className="mt-3" variant="secondary" onClick={() => setAdding(true)}>
            <Plus size={20} aria-hidden />
            Add area
          </Button>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Areas">
          {areas.data.map((area) => (
            <li key={area.id} className="min-w-0">
              <Link
                to={`/areas/${area.id}`}
                className={cn(
                  "flex h-full flex-col gap-1 rounded-[16px] border border-stone-300 bg-surface p-4 hover:border-leaf-500",
                  focusRing,
                )}
              >
                <span className="font-semibold break-words text-stone-900">{area.name}</span>
                <span className="text-sm text-stone-700">{areaSummary(area, unit)}</span>
                <span className="text-sm font-semibold text-leaf-fg">
                  {plantsText(area.plantCount)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <AreaDialog
        open={adding}
        onOpenChange={setAdding}
        onSaved={(area) => navigate(`/areas/${area.id}`)}
      />
    </div>
  );
}
