import { Check } from "lucide-react";
import { useState } from "react";
import { monthDay } from "../../../core/climate/month-day";
import { shortDate } from "../../../core/climate/verdict-words";
import type { ClimateBody } from "../../../core/schemas/climate";
import type { Me } from "../../../core/schemas/me";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Alert, LoadError, Skeleton } from "../../components/ui/misc";
import { errorMessage } from "../../lib/api-client";
import { useClimate } from "./api/get-climate";
import { useSaveFrostDates } from "./api/save-frost-dates";
import { type DayOfYear, dayProblem, FrostDateField } from "./frost-date-field";

/** Where the figures come from, in words (API.md `source`). */
const SOURCE_WORDS: Record<ClimateBody["source"], string> = {
  "usda-noaa":
    "From the USDA hardiness zone map and NOAA frost records of the nearest weather station.",
  historical: "Worked out from ten years of weather records at your place.",
  estimate:
    "An estimate from the time of year: weather records for your place could not be reached. Check again later, or enter the frost dates you know.",
  gardener: "Your own frost dates. The zone is your place's.",
};

/** "12 Mar" for "03-12" (any year will do: frost dates are days every year has). */
const shortDay = (md: string) => shortDate(`2001-${md}`);

const toDay = (md: string | null): DayOfYear =>
  md ? { month: Number(md.slice(0, 2)), day: Number(md.slice(3)) } : { day: 0, month: 0 };

/**
 * Settings → Climate: the zone, frost dates and growing season of the gardener's place, where
 * they come from, and a form to put in frost dates the gardener knows better (or go back to the
 * place's).
 */
export function ClimateCard({ me }: { me: Pick<Me, "place" | "zip" | "location"> }) {
  // The server reads the place, else the ZIP or location text of older profiles.
  const named = Boolean(me.place || me.zip || me.location?.trim());
  const climate = useClimate(named);
  return (
    <Card aria-labelledby="climate-title">
      <CardTitle>
        <span id="climate-title">Climate</span>
      </CardTitle>
      {!named ? (
        <NoPlace />
      ) : climate.isPending ? (
        <Skeleton className="h-40" />
      ) : climate.isError ? (
        <LoadError
          title="Your climate could not be loaded."
          detail="Check your connection and try again."
          onRetry={() => void climate.refetch()}
          retrying={climate.isFetching}
        />
      ) : climate.data === null ? (
        <NoPlace />
      ) : (
        <ClimateFacts climate={climate.data} />
      )}
    </Card>
  );
}

function NoPlace() {
  return (
    <p className="text-stone-700">
      Choose your town or postcode in Preferences to see your zone and frost dates.
    </p>
  );
}

function ClimateFacts({ climate }: { climate: ClimateBody }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useSaveFrostDates();
  const unknown = "Not known";
  const frost = (md: string | null) =>
    climate.frostFree ? "Frost-free" : md ? shortDay(md) : unknown;
  const facts = [
    { label: "Hardiness zone", value: climate.zone ? `USDA ${climate.zone}` : unknown },
    { label: "Last spring frost", value: frost(climate.lastFrost) },
    { label: "First autumn frost", value: frost(climate.firstFrost) },
    {
      label: "Growing season",
      value: climate.frostFree
        ? "All year"
        : climate.growingSeasonDays === null
          ? unknown
          : `${climate.growingSeasonDays} days`,
    },
  ];

  async function backToPlaceDates() {
    setSaved(false);
    try {
      await save.mutateAsync({ lastFrost: null, firstFrost: null });
      setEditing(false);
      setSaved(true);
    } catch {
      // The error is shown under the buttons from the mutation's state.
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3">
        {facts.map((fact) => (
          <div key={fact.label} className="rounded-xl bg-stone-100 p-3">
            <dt className="text-sm text-stone-700">{fact.label}</dt>
            <dd className="text-[18px] font-semibold text-stone-900 tabular-nums">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-stone-700">{SOURCE_WORDS[climate.source]}</p>
      {saved && !editing && (
        <p role="status" className="flex items-center gap-1 text-sm text-stone-700">
          <Check size={16} aria-hidden className="text-leaf-fg" /> Saved
        </p>
      )}
      {editing ? (
        <FrostDatesForm
          climate={climate}
          onDone={() => {
            setEditing(false);
            setSaved(true);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              save.reset();
              setSaved(false);
              setEditing(true);
            }}
          >
            Correct the frost dates
          </Button>
          {climate.source === "gardener" && (
            <Button variant="secondary" onClick={backToPlaceDates} disabled={save.isPending}>
              Use the place's dates
            </Button>
          )}
        </div>
      )}
      {!editing && save.isError && (
        <Alert tone="error">
          {errorMessage(save.error, "Your frost dates could not be saved.")}
        </Alert>
      )}
    </div>
  );
}

function FrostDatesForm({
  climate,
  onDone,
  onCancel,
}: {
  climate: ClimateBody;
  onDone: () => void;
  onCancel: () => void;
}) {
  const save = useSaveFrostDates();
  const [last, setLast] = useState(() => toDay(climate.lastFrost));
  const [first, setFirst] = useState(() => toDay(climate.firstFrost));
  const [checked, setChecked] = useState(false);
  const lastProblem = checked ? dayProblem(last) : null;
  const firstProblem = checked ? dayProblem(first) : null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (dayProblem(last) || dayProblem(first)) return;
    try {
      await save.mutateAsync({
        lastFrost: monthDay(last.month, last.day),
        firstFrost: monthDay(first.month, first.day),
      });
      onDone();
    } catch {
      // Said below the form from the mutation's state.
    }
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 border-t border-stone-300 pt-4"
      noValidate
    >
      <p className="text-sm text-stone-700">
        If you know your garden's frost dates better (a frost pocket, a sheltered wall), put them
        here: planting advice then goes by them.
      </p>
      <FrostDateField
        legend="Last spring frost"
        value={last}
        onChange={setLast}
        error={lastProblem}
      />
      <FrostDateField
        legend="First autumn frost"
        value={first}
        onChange={setFirst}
        error={firstProblem}
      />
      {save.isError && (
        <Alert tone="error">
          {errorMessage(save.error, "Your frost dates could not be saved.")}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save frost dates"}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
