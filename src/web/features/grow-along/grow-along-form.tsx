import { LocateFixed } from "lucide-react";
import { type Dispatch, type SetStateAction, useId } from "react";
import { ChoiceField } from "../../components/plant-fields/choice-field";
import { CropAutocomplete } from "../../components/plant-fields/crop-autocomplete";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Field, Input } from "../../components/ui/field";
import { CustomPlantBadge } from "./custom-plant-badge";
import {
  climateLabels,
  disabledReason,
  experienceLabels,
  type GrowDraft,
  gardenTypeLabels,
  lightingLabels,
  mediumLabels,
} from "./form";
import { useGpsLocation } from "./use-gps-location";

/**
 * Spec §5 Grow Along: location (typed, or 'Use GPS'), plant, medium, type, lighting, experience
 * and climate. 'Get My Growing Guide' is enabled only when all are filled, and says what is
 * missing while it is not (STYLE: disabled with a reason).
 */
export function GrowAlongForm({
  draft,
  onChange,
  pending,
  onSubmit,
}: {
  draft: GrowDraft;
  onChange: Dispatch<SetStateAction<GrowDraft>>;
  pending: boolean;
  onSubmit: () => void;
}) {
  const reasonId = useId();
  const set =
    <K extends keyof GrowDraft>(key: K) =>
    (value: GrowDraft[K]) =>
      onChange((d) => ({ ...d, [key]: value }));
  const gps = useGpsLocation(set("location"));
  const reason = disabledReason(draft);

  return (
    <Card aria-labelledby="grow-form-title" className="lg:sticky lg:top-24">
      <CardTitle>
        <span id="grow-form-title">Your plant and setup</span>
      </CardTitle>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Field
          label="Location"
          error={
            gps.state === "failed"
              ? "Couldn't find your position. Type your town or ZIP instead."
              : undefined
          }
        >
          {(props) => (
            <div className="flex gap-2">
              <Input
                {...props}
                className="min-w-0 flex-1"
                placeholder="Town, city or ZIP"
                autoComplete="address-level2"
                value={draft.location}
                onChange={(e) => set("location")(e.target.value)}
              />
              {gps.available && (
                <Button
                  variant="secondary"
                  onClick={gps.locate}
                  disabled={gps.state === "locating"}
                  className="shrink-0"
                >
                  <LocateFixed size={20} aria-hidden />
                  {gps.state === "locating" ? "Locating…" : "Use GPS"}
                </Button>
              )}
            </div>
          )}
        </Field>
        <Field label="Plant">
          {(props) => (
            <CropAutocomplete
              id={props.id}
              describedBy={props["aria-describedby"]}
              list="grow-along"
              value={draft.plant}
              onChange={set("plant")}
              note={(custom) =>
                custom ? (
                  <CustomPlantBadge className="mt-2" />
                ) : (
                  <p className="mt-1 text-sm text-stone-700">From the crop catalogue</p>
                )
              }
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            label="Growing medium"
            labels={mediumLabels}
            value={draft.medium}
            onChange={set("medium")}
          />
          <ChoiceField
            label="Gardening type"
            labels={gardenTypeLabels}
            value={draft.gardenType}
            onChange={set("gardenType")}
          />
          <ChoiceField
            label="Lighting"
            labels={lightingLabels}
            value={draft.lighting}
            onChange={set("lighting")}
          />
          <ChoiceField
            label="Experience"
            labels={experienceLabels}
            value={draft.experience}
            onChange={set("experience")}
          />
          <ChoiceField
            label="Climate"
            labels={climateLabels}
            value={draft.climate}
            onChange={set("climate")}
          />
        </div>
        <Button
          type="submit"
          disabled={!!reason || pending}
          aria-describedby={reason ? reasonId : undefined}
        >
          {pending ? "Writing your guide…" : "Get My Growing Guide"}
        </Button>
        {reason && (
          <p id={reasonId} className="-mt-2 text-sm text-stone-700">
            {reason}
          </p>
        )}
      </form>
    </Card>
  );
}
