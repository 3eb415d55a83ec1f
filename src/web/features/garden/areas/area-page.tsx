import { ArrowLeft, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import {
  CropAutocomplete,
  type CropChoice,
} from "../../../components/plant-fields/crop-autocomplete";
import { Button, focusRing } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { FailedLoad, PageHeader, PageSkeleton } from "../../../components/ui/misc";
import { errorMessage } from "../../../lib/api-client";
import { useArea, useAreaCheck, useDeleteArea } from "../../../lib/areas-api";
import { cn } from "../../../lib/cn";
import { formatDay } from "../../../lib/format";
import { toast } from "../../../lib/toast-store";
import { useMe } from "../../../lib/use-me";
import { AreaDialog } from "./area-dialog";
import { FitList } from "./area-fit";
import { AreaWarnings } from "./area-warnings";
import { areaSummary, sizeUnitFor } from "./area-words";

const linkStyle = cn(
  "inline-flex min-h-11 items-center gap-2 rounded-xl px-2 font-semibold text-leaf-fg hover:bg-leaf-100",
  focusRing,
);

/** One area: its plants, what more fits, and its companion and rotation warnings. */
export function AreaPage() {
  const { areaId = "" } = useParams();
  const detail = useArea(areaId);
  const units = useMe().data?.units;
  const unit = sizeUnitFor(units);
  const navigate = useNavigate();
  const remove = useDeleteArea();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [crop, setCrop] = useState<CropChoice | null>(null);
  const check = useAreaCheck(areaId, crop?.slug);

  if (detail.isError) {
    return (
      <div>
        <Link to="/areas" className={linkStyle}>
          <ArrowLeft size={20} aria-hidden />
          Beds & areas
        </Link>
        <FailedLoad
          error={detail.error}
          words={{ fallback: "This area could not be loaded" }}
          notFoundDetail="It may have been deleted. Go back to your areas."
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      </div>
    );
  }
  if (!detail.data) return <PageSkeleton />;
  const { area, plants, fit, warnings } = detail.data;
  const hasSize = area.sizeM2 !== null;

  async function confirmDelete() {
    try {
      await remove.mutateAsync(area.id);
      setDeleting(false);
      toast({ title: `${area.name} deleted`, variant: "success" });
      navigate("/areas");
    } catch (error) {
      toast({
        title: "The area could not be deleted",
        description: errorMessage(error),
        variant: "destructive",
      });
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <Link to="/areas" className={cn(linkStyle, "self-start")}>
        <ArrowLeft size={20} aria-hidden />
        Beds & areas
      </Link>
      <PageHeader title={area.name}>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil size={18} aria-hidden />
            Edit
          </Button>
          <Button variant="secondary" onClick={() => setDeleting(true)}>
            <Trash2 size={18} aria-hidden />
            Delete
          </Button>
        </div>
      </PageHeader>
      <p className="-mt-4 text-stone-700">{areaSummary(area, unit)}</p>
      {area.notes && <p className="text-stone-700">{area.notes}</p>}
      <AreaWarnings warnings={warnings} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card aria-labelledby="area-plants">
          <CardTitle>
            <span id="area-plants">Plants here</span>
          </CardTitle>
          {plants.length === 0 ? (
            <p className="text-stone-700">
              No plants here yet. Add one on the{" "}
              <Link to="/plants" className="font-semibold text-leaf-fg underline">
                Plant Tracker
              </Link>{" "}
              and choose this area, or move one here from its page.
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-stone-300">
              {plants.map((plant) => (
                <li key={plant.id}>
                  <Link
                    to={`/plants/${plant.id}`}
                    className={cn(
                      "flex min-h-11 items-center justify-between gap-3 py-2 hover:text-leaf-fg",
                      focusRing,
                    )}
                  >
                    <span className="font-semibold">{plant.name}</span>
                    <span className="text-sm text-stone-700">
                      Planted {formatDay(plant.plantingDate)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {fit.length > 0 && (
            <>
              <h3 className="mt-4 font-semibold text-stone-900">How many more fit</h3>
              <FitList fit={fit} hasSize={hasSize} units={units} />
            </>
          )}
        </Card>
        <Card aria-labelledby="area-check">
          <CardTitle>
            <span id="area-check">Thinking of planting something here?</span>
          </CardTitle>
          <Field label="Crop" hint="Pick a crop to see how many fit and what it clashes with.">
            {(props) => (
              <CropAutocomplete
                id={props.id}
                describedBy={props["aria-describedby"]}
                value={crop}
                onChange={setCrop}
              />
            )}
          </Field>
          {crop && !crop.slug && (
            <p className="mt-3 text-sm text-stone-700">
              {crop.name} is not in the catalogue, so Tendril can't tell its spacing or family.
            </p>
          )}
          {check.isError && (
            <p className="mt-3 text-sm text-berry-fg">{errorMessage(check.error)}</p>
          )}
          {check.data && (
            <div className="mt-3 flex flex-col gap-3">
              <FitList fit={[check.data.fit]} hasSize={hasSize} units={units} />
              {check.data.warnings.length === 0 ? (
                <p className="text-sm text-stone-700">No companion or rotation problems here.</p>
              ) : (
                <AreaWarnings warnings={check.data.warnings} />
              )}
            </div>
          )}
        </Card>
      </div>
      <AreaDialog area={area} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${area.name}?`}
        description="Its plants stay in your garden, in no area. Its crop rotation history goes with it."
        action="Delete"
        busyAction="Deleting…"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
