import { useState } from "react";
import type { Plant } from "../../../core/schemas/plant";
import { ChoiceField } from "../../components/plant-fields/choice-field";
import { CropAutocomplete, type CropChoice } from "../../components/plant-fields/crop-autocomplete";
import {
  lightsLabels,
  mediumLabels,
  placeLabels,
  startMethodLabels,
} from "../../components/plant-fields/labels";
import {
  PlantingWarningNote,
  usePlantingWarning,
} from "../../components/plant-fields/planting-warning";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field, Input } from "../../components/ui/field";
import { useAuth } from "../../lib/auth-context";
import { localToday } from "../../lib/format";
import { useAddPlant } from "../../lib/garden-api";
import { AreaField } from "./areas/area-field";

export function AddPlantDialog({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded?: (id: string) => void;
}) {
  const { status } = useAuth();
  const addPlant = useAddPlant();
  const [crop, setCrop] = useState<CropChoice | null>(null);
  const [medium, setMedium] = useState<Plant["medium"] | "">("");
  const [place, setPlace] = useState<Plant["place"] | "">("");
  const [lights, setLights] = useState<Plant["lights"] | "">("");
  const [startMethod, setStartMethod] = useState<NonNullable<Plant["startMethod"]> | "">("");
  const [plantingDate, setPlantingDate] = useState(localToday);
  const [areaId, setAreaId] = useState("");
  const ready = status === "signed-in" && crop && medium && place && lights && plantingDate;
  const warning = usePlantingWarning({
    cropSlug: status === "signed-in" ? crop?.slug : null,
    date: plantingDate,
    place,
    startMethod,
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready) return;
    try {
      const { plant } = await addPlant.mutateAsync({
        name: crop.name,
        cropSlug: crop.slug,
        medium,
        place,
        lights,
        startMethod: startMethod || null,
        plantingDate,
        areaId: areaId || null,
      });
      onOpenChange(false);
      setCrop(null);
      onAdded?.(plant.id);
    } catch {
      // The mutation's toast says what went wrong; the dialog stays open with the input kept.
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Plant"
      dismissible={!addPlant.isPending}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Plant">
          {(props) => (
            <CropAutocomplete
              id={props.id}
              describedBy={props["aria-describedby"]}
              value={crop}
              onChange={setCrop}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            label="Growing medium"
            labels={mediumLabels}
            value={medium}
            onChange={setMedium}
          />
          <ChoiceField label="Place" labels={placeLabels} value={place} onChange={setPlace} />
          <ChoiceField label="Lights" labels={lightsLabels} value={lights} onChange={setLights} />
          <ChoiceField
            label="Start method (optional)"
            labels={startMethodLabels}
            value={startMethod}
            onChange={setStartMethod}
            placeholder="Not sure"
          />
        </div>
        <Field label="Start date">
          {(props) => (
            <Input
              {...props}
              type="date"
              required
              value={plantingDate}
              onChange={(e) => setPlantingDate(e.target.value)}
            />
          )}
        </Field>
        <PlantingWarningNote warning={warning} />
        <AreaField
          value={areaId}
          onChange={setAreaId}
          cropSlug={crop?.slug}
          plantedOn={plantingDate}
        />
        <Button type="submit" disabled={!ready || addPlant.isPending}>
          {addPlant.isPending ? "Creating plan…" : "Add Plant"}
        </Button>
        {!ready && !addPlant.isPending && (
          <p className="text-sm text-stone-700">
            Choose a plant, its medium, place, lights and start date to add it.
          </p>
        )}
      </form>
    </Dialog>
  );
}
