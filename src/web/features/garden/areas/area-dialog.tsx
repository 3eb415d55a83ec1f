import { useState } from "react";
import {
  type Area,
  type AreaKind,
  type AreaSun,
  areaCreateSchema,
} from "../../../../core/schemas/area";
import { ChoiceField } from "../../../components/plant-fields/choice-field";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Input, Textarea } from "../../../components/ui/field";
import { Switch } from "../../../components/ui/switch";
import { errorMessage } from "../../../lib/api-client";
import { useCreateArea, useUpdateArea } from "../../../lib/areas-api";
import { toast } from "../../../lib/toast-store";
import { useMe } from "../../../lib/use-me";
import { kindLabels, sizeIn, sizeUnitFor, sunLabels, unitWords } from "./area-words";

interface Draft {
  name: string;
  kind: AreaKind | "";
  size: string;
  sun: AreaSun | "";
  covered: boolean;
  notes: string;
}

const UNDER_COVER: readonly string[] = ["greenhouse", "indoor-shelf", "hydroponic-system"];

/** Adds an area, or edits `area`. The size is typed in the gardener's unit (m² or ft²). */
export function AreaDialog({
  area,
  open,
  onOpenChange,
  onSaved,
}: {
  area?: Area;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (area: Area) => void;
}) {
  const unit = sizeUnitFor(useMe().data?.units);
  const create = useCreateArea();
  const update = useUpdateArea(area?.id ?? "");
  const saving = create.isPending || update.isPending;
  const draftOf = (): Draft => ({
    name: area?.name ?? "",
    kind: area?.kind ?? "",
    size: area?.sizeM2 == null ? "" : String(sizeIn(area.sizeM2, unit)),
    sun: area?.sun ?? "",
    covered: area?.covered ?? false,
    notes: area?.notes ?? "",
  });
  const [draft, setDraft] = useState(draftOf);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(draftOf());
  }
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const body = {
    name: draft.name,
    kind: draft.kind,
    size: draft.size.trim() === "" ? null : { value: Number(draft.size), unit },
    sun: draft.sun,
    covered: draft.covered,
    notes: draft.notes || null,
  };
  const parsed = areaCreateSchema.safeParse(body);
  const errorFor = (field: string) =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message;
  // Only what the gardener has typed is checked inline; empty choices just keep Save disabled.
  const sizeError = draft.size.trim() === "" ? undefined : errorFor("size");
  const nameError = draft.name === "" ? undefined : errorFor("name");

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!parsed.success) return;
    try {
      const saved = area
        ? await update.mutateAsync(parsed.data)
        : await create.mutateAsync(parsed.data);
      onOpenChange(false);
      toast({ title: area ? "Area updated" : "Area added", variant: "success" });
      onSaved?.(saved);
    } catch (error) {
      toast({
        title: area ? "The area could not be updated" : "The area could not be added",
        description: errorMessage(error),
        variant: "destructive",
      });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={area ? "Edit area" : "Add area"}
      dismissible={!saving}
    >
      <form onSubmit={save} className="flex flex-col gap-4">
        <Field label="Name" error={nameError} hint="Like “Back raised bed” or “Kitchen shelf”.">
          {(props) => (
            <Input {...props} value={draft.name} onChange={(e) => set("name")(e.target.value)} />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            label="Kind"
            labels={kindLabels}
            value={draft.kind}
            onChange={(kind) => {
              set("kind")(kind);
              if (kind && UNDER_COVER.includes(kind)) set("covered")(true);
            }}
          />
          <ChoiceField label="Sun" labels={sunLabels} value={draft.sun} onChange={set("sun")} />
        </div>
        <Field
          label={`Size in ${unitWords[unit]} (optional)`}
          error={sizeError}
          hint="With a size, Tendril works out how many more plants fit."
        >
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="decimal"
              min="0"
              step="any"
              value={draft.size}
              onChange={(e) => set("size")(e.target.value)}
            />
          )}
        </Field>
        <Switch
          label="Under cover"
          description="A greenhouse, tunnel or indoors: rain never waters it."
          checked={draft.covered}
          onCheckedChange={set("covered")}
        />
        <Field label="Notes (optional)" error={errorFor("notes")}>
          {(props) => (
            <Textarea
              {...props}
              rows={2}
              value={draft.notes}
              onChange={(e) => set("notes")(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={!parsed.success || saving}>
          {saving ? "Saving…" : area ? "Save changes" : "Add area"}
        </Button>
        {!parsed.success && !saving && (
          <p className="text-sm text-stone-700">
            Give the area a name, a kind and its sun to save it.
          </p>
        )}
      </form>
    </Dialog>
  );
}
