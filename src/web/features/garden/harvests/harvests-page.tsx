import { Pencil, Sprout, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { amountText, type Units } from "../../../../core/garden/harvests";
import type { Harvest } from "../../../../core/schemas/harvest";
import { Button, focusRing } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Field, Select } from "../../../components/ui/field";
import { FailedLoad, PageHeader, Skeleton } from "../../../components/ui/misc";
import { cn } from "../../../lib/cn";
import { formatDay, fullDate } from "../../../lib/format";
import { useDeleteHarvest, useSeasonHarvests, useUpdateHarvest } from "../../../lib/harvests-api";
import { toast } from "../../../lib/toast-store";
import { HarvestDialog } from "./harvest-dialog";
import { TotalsChart } from "./totals-chart";
import { useUnits } from "./use-units";

/** "2026", or "2026–27" for a southern season that spans New Year. */
const seasonLabel = (key: string) => key.replace("-", "–");

/** Issue 26: the season's harvests, totals by crop and by area as charts, and the list. */
export function HarvestsPage() {
  const units = useUnits();
  const [chosen, setChosen] = useState<string | null>(null);
  const season = useSeasonHarvests(chosen);
  const data = season.data;
  const seasons = data ? [...new Set([data.season.key, ...data.seasons])].sort().reverse() : [];

  return (
    <div>
      <PageHeader title="Harvests">
        {data && (
          <div className="w-40">
            <Field label="Season">
              {(props) => (
                <Select
                  {...props}
                  value={data.season.key}
                  onChange={(e) => setChosen(e.target.value)}
                >
                  {seasons.map((key) => (
                    <option key={key} value={key}>
                      {seasonLabel(key)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        )}
      </PageHeader>
      {season.isError ? (
        <FailedLoad
          error={season.error}
          words={{ fallback: "Your harvests could not be loaded" }}
          onRetry={() => void season.refetch()}
          retrying={season.isFetching}
        />
      ) : !data ? (
        <div className="flex flex-col gap-6" aria-busy="true">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : data.harvests.length === 0 ? (
        <Card className="border-dashed">
          <div className="flex flex-col items-center gap-2 py-6 text-center text-stone-700">
            <Sprout size={32} aria-hidden className="text-leaf-fg" />
            <p className="font-semibold text-stone-900">
              No harvests logged in {seasonLabel(data.season.key)}.
            </p>
            <p>Open a plant and choose “Log harvest” each time you pick.</p>
            <Link
              to="/plants"
              className={cn(
                "mt-2 inline-flex min-h-11 items-center font-semibold text-leaf-fg",
                focusRing,
              )}
            >
              Go to your plants
            </Link>
          </div>
        </Card>
      ) : (
        <div className="flex flex-col gap-6">
          <p className="text-stone-900">
            {seasonLabel(data.season.key)} so far:{" "}
            <span className="font-semibold tabular-nums">{amountText(data.total, units)}</span> from{" "}
            {data.harvests.length} {data.harvests.length === 1 ? "harvest" : "harvests"}.
          </p>
          <Card aria-labelledby="harvest-totals-title">
            <CardTitle>
              <span id="harvest-totals-title">Season totals</span>
            </CardTitle>
            <div className="grid gap-8 lg:grid-cols-2">
              <TotalsChart
                title="By crop"
                units={units}
                rows={data.byCrop.map((row) => ({ ...row, key: row.cropSlug }))}
              />
              <TotalsChart
                title="By area"
                units={units}
                rows={data.byArea.map((row) => ({ ...row, key: row.areaId ?? "none" }))}
              />
            </div>
          </Card>
          <Card aria-labelledby="harvest-list-title">
            <CardTitle>
              <span id="harvest-list-title">Every harvest</span>
            </CardTitle>
            <ul className="flex flex-col divide-y divide-stone-300">
              {data.harvests.map((harvest) => (
                <HarvestRow key={harvest.id} harvest={harvest} units={units} />
              ))}
            </ul>
          </Card>
        </div>
      )}
    </div>
  );
}

function HarvestRow({ harvest, units }: { harvest: Harvest; units: Units }) {
  const update = useUpdateHarvest();
  const remove = useDeleteHarvest();
  const [editing, setEditing] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const from = harvest.plantName ?? `${harvest.cropName} (plant deleted)`;

  async function deleteHarvest() {
    try {
      await remove.mutateAsync(harvest.id);
      setConfirming(false);
    } catch {
      toast({
        title: "The harvest could not be deleted",
        description: "Check your connection and try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      {harvest.imageUrl && (
        <img
          src={harvest.imageUrl}
          alt={`Harvest of ${harvest.cropName} on ${formatDay(harvest.date)}`}
          className="size-14 shrink-0 rounded-xl object-cover"
          loading="lazy"
        />
      )}
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-semibold break-words text-stone-900">
          {harvest.plantId ? (
            <Link
              to={`/plants/${encodeURIComponent(harvest.plantId)}`}
              className={cn("text-leaf-fg underline underline-offset-2", focusRing)}
            >
              {from}
            </Link>
          ) : (
            from
          )}
          <span className="ml-2 font-normal text-stone-900 tabular-nums">
            {amountText(harvest, units)}
          </span>
        </p>
        <p className="text-sm text-stone-700">
          <span title={fullDate(harvest.date)}>{formatDay(harvest.date)}</span>
          {harvest.areaName && ` · ${harvest.areaName}`}
        </p>
        {harvest.note && (
          <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-700">
            {harvest.note}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Edit the harvest of ${from} on ${formatDay(harvest.date)}`}
          onClick={() => {
            setFormKey((k) => k + 1);
            setEditing(true);
          }}
        >
          <Pencil size={16} aria-hidden />
          Edit
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Delete the harvest of ${from} on ${formatDay(harvest.date)}`}
          onClick={() => setConfirming(true)}
        >
          <Trash2 size={16} aria-hidden />
          Delete
        </Button>
      </div>
      <HarvestDialog
        key={formKey}
        open={editing}
        onOpenChange={setEditing}
        title="Edit harvest"
        units={units}
        harvest={harvest}
        busy={update.isPending}
        onSave={(input, photo) => update.mutateAsync({ id: harvest.id, input, photo })}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete harvest?"
        description="It leaves the season's totals. This can't be undone."
        action="Delete"
        busyAction="Deleting…"
        busy={remove.isPending}
        onConfirm={deleteHarvest}
      />
    </li>
  );
}
