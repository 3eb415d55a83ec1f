import { Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { amountText } from "../../../../core/garden/harvests";
import { Button, focusRing } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { FailedLoad, Skeleton } from "../../../components/ui/misc";
import { cn } from "../../../lib/cn";
import { formatDay, fullDate } from "../../../lib/format";
import { useLogHarvest, usePlantHarvests } from "../../../lib/harvests-api";
import { HarvestDialog } from "./harvest-dialog";
import { useUnits } from "./use-units";

/** The latest few on the plant's page; the Harvests page lists them all. */
const SHOWN = 5;

/** A plant's harvests on its page: its total, the latest ones, and "Log harvest". */
export function PlantHarvestsCard({ plantId, plantName }: { plantId: string; plantName: string }) {
  const units = useUnits();
  const harvests = usePlantHarvests(plantId);
  const log = useLogHarvest(plantId);
  const [logging, setLogging] = useState(false);
  // A fresh form each time it opens.
  const [formKey, setFormKey] = useState(0);
  const list = harvests.data?.harvests ?? [];

  return (
    <Card aria-labelledby="plant-harvests-title">
      <CardTitle
        action={
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setFormKey((k) => k + 1);
              setLogging(true);
            }}
          >
            <Plus size={18} aria-hidden />
            Log harvest
          </Button>
        }
      >
        <span id="plant-harvests-title">Harvests</span>
      </CardTitle>
      {harvests.isError ? (
        <FailedLoad
          error={harvests.error}
          words={{ fallback: "This plant's harvests could not be loaded" }}
          onRetry={() => void harvests.refetch()}
          retrying={harvests.isFetching}
        />
      ) : !harvests.data ? (
        <Skeleton className="h-12" />
      ) : list.length === 0 ? (
        <p className="text-stone-700">No harvests logged yet. Log one each time you pick.</p>
      ) : (
        <>
          <p className="mb-3 text-stone-900">
            Total from this plant:{" "}
            <span className="font-semibold tabular-nums">
              {amountText(harvests.data.total, units)}
            </span>
          </p>
          <ul className="flex flex-col gap-1">
            {list.slice(0, SHOWN).map((h) => (
              <li key={h.id} className="flex flex-wrap justify-between gap-x-3 text-stone-900">
                <span title={fullDate(h.date)}>{formatDay(h.date)}</span>
                <span className="tabular-nums">{amountText(h, units)}</span>
              </li>
            ))}
          </ul>
          <Link
            to="/harvests"
            className={cn(
              "mt-3 inline-flex min-h-11 items-center font-semibold text-leaf-fg",
              focusRing,
            )}
          >
            All harvests this season
          </Link>
        </>
      )}
      <HarvestDialog
        key={formKey}
        open={logging}
        onOpenChange={setLogging}
        title={`Log harvest: ${plantName}`}
        units={units}
        busy={log.isPending}
        onSave={(input, photo) => log.mutateAsync({ input, photo })}
      />
    </Card>
  );
}
