import { useState } from "react";
import { type PlantDetail, plantPatchSchema } from "../../../core/schemas/plant";
import { ChoiceField } from "../../components/plant-fields/choice-field";
import { lightsLabels, mediumLabels, placeLabels } from "../../components/plant-fields/labels";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field, Input, Textarea } from "../../components/ui/field";
import { errorMessage } from "../../lib/api-client";
import { useUpdatePlant } from "../../lib/garden-api";
import { toast } from "../../lib/toast-store";
import { AreaField } from "./areas/area-field";

type Draft = Pick<PlantDetail, "name" | "medium" | "place" | "lights" | "plantingDate"> & {
  notes: string;
  /** "" for no area. */
  areaId: string;
};

const draftOf = (plant: PlantDetail): Draft => ({
  name: plant.name,
  medium: plant.medium,
  place: plant.place,
  lights: plant.lights,
  plantingDate: plant.plantingDate,
  notes: plant.notes ?? "",
  areaId: plant.areaId ?? "",
});

/**
 * Fixes a plant's name, setup, start date or notes. A new start date moves the stage timeline;
 * tasks already scheduled keep their dates (the gardener can move or complete them).
 */
export function EditPlantDialog({
  plant,
  open,
  onOpenChange,
}: {
  plant: PlantDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdatePlant(plant.id);
  const [draft, setDraft] = useState(() => draftOf(plant));
  // Each opening starts from the plant as it is now: edits dropped with Cancel/Escape are gone,
  // and changes made meanwhile (another tab, a save) show.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(draftOf(plant));
  }
  const parsed = plantPatchSchema.safeParse({
    ...draft,
    notes: draft.notes || null,
    areaId: draft.areaId || null,
  });
  const errorFor = (field: keyof Draft) =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message;
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!parsed.success) return;
    try {
      await update.mutateAsync(parsed.data);
      onOpenChange(false);
      toast({ title: "Plant updated", variant: "success" });
    } catch (error) {
      toast({
        title: "The plant could not be updated",
        description: errorMessage(error),
        variant: "destructive",
      });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit plant"
      dismissible={!update.isPending}
    >
      <form onSubmit={save} className="flex flex-col gap-4">
        <Field label="Name" error={errorFor("name")}>
          {(props) => (
            <Input {...props} value={draft.name} onChange={(e) => set("name")(e.target.value)} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <ChoiceField
            label="Growing medium"
            labels={mediumLabels}
            value={draft.medium}
            onChange={(v) => v && set("medium")(v)}
          />
          <ChoiceField
            label="Place"
            labels={placeLabels}
            value={draft.place}
            onChange={(v) => v && set("place")(v)}
          />
          <ChoiceField
            label="Lights"
            labels={lightsLabels}
            value={draft.lights}
            onChange={(v) => v && set("lights")(v)}
          />
        </div>
        <Field label="Start date" error={errorFor("plantingDate")}>
          {(props) => (
            <Input
              {...props}
              type="date"
              required
              value={draft.plantingDate}
              onChange={(e) => set("plantingDate")(e.target.value)}
            />
          )}
        </Field>
        <AreaField
          value={draft.areaId}
          onChange={set("areaId")}
          cropSlug={plant.cropSlug}
          plantId={plant.id}
          plantedOn={draft.plantingDate}
        />
        <Field label="Notes (optional)" error={errorFor("notes")}>
          {(props) => (
            <Textarea
              {...props}
              rows={3}
              value={draft.notes}
              onChange={(e) => set("notes")(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={!parsed.success || update.isPending}>
          {update.isPending ? "Saving…" : "Save changes"}
        </Button>
      </form>
    </Dialog>
  );
}
