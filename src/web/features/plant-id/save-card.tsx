import { ArrowRight, LogIn, Sprout } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { type Identification, identificationStages } from "../../../core/schemas/identification";
import type { Plant } from "../../../core/schemas/plant";
import { ChoiceField } from "../../components/plant-fields/choice-field";
import { lightsLabels, mediumLabels, placeLabels } from "../../components/plant-fields/labels";
import { Button, focusRing } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Field, Select } from "../../components/ui/field";
import { Alert } from "../../components/ui/misc";
import { HttpError } from "../../lib/api-client";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { localToday } from "../../lib/format";
import { useSaveIdentifiedPlant } from "./api/save-identified-plant";

type Stage = (typeof identificationStages)[number];

const stageLabel = (stage: Stage) => stage.charAt(0).toUpperCase() + stage.slice(1);

const linkButton = cn(
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 font-semibold",
  focusRing,
);

/**
 * Spec §2/§4: the growth stage (seed by default), then 'Save to My Plants', which creates the plant
 * with its plan and tasks; signed out, 'Please sign in to save' goes to /auth.
 */
export function SaveCard({ identification }: { identification: Identification }) {
  const { status } = useAuth();
  const save = useSaveIdentifiedPlant();
  const [stage, setStage] = useState<Stage>("seed");
  const [medium, setMedium] = useState<Plant["medium"] | "">("soil");
  const [place, setPlace] = useState<Plant["place"] | "">("outdoor");
  const [lights, setLights] = useState<Plant["lights"] | "">("sun");
  const [saved, setSaved] = useState<{ id: string; name: string } | null>(null);
  const sessionEnded = save.error instanceof HttpError && save.error.status === 401;
  const signedIn = status === "signed-in" && !sessionEnded;
  const ready = medium && place && lights;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || !signedIn) return;
    try {
      const { plant } = await save.mutateAsync({
        identification,
        stage,
        medium,
        place,
        lights,
        plantingDate: localToday(),
      });
      setSaved({ id: plant.id, name: plant.name });
    } catch {
      // The mutation's toast says what went wrong; the choices stay for another try.
    }
  }

  return (
    <Card aria-labelledby="save-title">
      <CardTitle>
        <span id="save-title" className="inline-flex items-center gap-2">
          <Sprout size={20} aria-hidden className="text-leaf-fg" />
          Grow it in your garden
        </span>
      </CardTitle>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Growth stage" hint="Where the plant is today; its plan starts from here.">
          {(props) => (
            <Select
              {...props}
              value={stage}
              onChange={(e) => setStage(e.target.value as Stage)}
              disabled={!!saved}
            >
              {identificationStages.map((s) => (
                <option key={s} value={s}>
                  {stageLabel(s)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <ChoiceField
            label="Growing medium"
            labels={mediumLabels}
            value={medium}
            onChange={setMedium}
          />
          <ChoiceField label="Place" labels={placeLabels} value={place} onChange={setPlace} />
          <ChoiceField label="Lights" labels={lightsLabels} value={lights} onChange={setLights} />
        </div>
        {saved ? (
          <Alert tone="success">
            <p className="font-semibold">{saved.name} is in My Plants, with its care tasks.</p>
            <Link
              to={`/plants/${encodeURIComponent(saved.id)}`}
              className={cn(linkButton, "-ml-4 text-leaf-fg underline underline-offset-2")}
            >
              Open {saved.name}
              <ArrowRight size={20} aria-hidden />
            </Link>
          </Alert>
        ) : signedIn ? (
          <>
            <Button type="submit" disabled={!ready || save.isPending}>
              {save.isPending ? "Saving…" : "Save to My Plants"}
            </Button>
            {!ready && (
              <p className="text-sm text-stone-700">
                Choose the growing medium, place and lights to save it.
              </p>
            )}
          </>
        ) : (
          <Link to="/auth" className={cn(linkButton, "bg-leaf-700 text-white hover:bg-[#255a34]")}>
            <LogIn size={20} aria-hidden />
            Please sign in to save
          </Link>
        )}
      </form>
      <p className="mt-4 border-t border-stone-300 pt-4 text-stone-700">
        Want a step-by-step plan first?{" "}
        <Link
          to="/grow-along"
          className={cn("font-semibold text-leaf-fg underline underline-offset-2", focusRing)}
        >
          Make a growing guide with Grow Along
        </Link>
      </p>
    </Card>
  );
}
