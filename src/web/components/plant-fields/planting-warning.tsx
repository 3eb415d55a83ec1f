import { useQuery } from "@tanstack/react-query";
import type { Plant } from "../../../core/schemas/plant";
import { api } from "../../lib/api-client";

interface PlantingCheck {
  cropSlug: string | null | undefined;
  date: string;
  place: Plant["place"] | "";
  startMethod: Plant["startMethod"] | "";
}

/**
 * Whether the date is outside the crop's window at the gardener's place (GET
 * /api/planting-warning), asked while the form is filled so the warning shows before saving.
 * Nothing to say (or no answer) is null: the warning never holds the form up.
 */
export function usePlantingWarning({ cropSlug, date, place, startMethod }: PlantingCheck) {
  const ready = Boolean(cropSlug && place && /^\d{4}-\d{2}-\d{2}$/.test(date));
  const params = new URLSearchParams({
    crop: cropSlug ?? "",
    date,
    place: place || "outdoor",
    ...(startMethod ? { startMethod } : {}),
  });
  const query = useQuery({
    queryKey: ["planting-warning", params.toString()],
    queryFn: () =>
      api.get<{ plantingWarning: string | null }>(`/api/planting-warning?${params.toString()}`),
    enabled: ready,
    retry: false,
    staleTime: 60 * 60_000,
  });
  return ready ? (query.data?.plantingWarning ?? null) : null;
}

/** The out-of-window warning, in the warning colour; the gardener may still go ahead. */
export function PlantingWarningNote({ warning }: { warning: string | null | undefined }) {
  if (!warning) return null;
  return (
    <div
      role="status"
      className="rounded-xl border-l-4 border-sun-500 bg-surface p-3 text-sm text-stone-900 inset-ring-1 inset-ring-stone-300"
    >
      <p className="font-semibold">Outside its planting window here</p>
      <p className="mt-1">{warning}</p>
      <p className="mt-1 text-stone-700">You can still go ahead.</p>
    </div>
  );
}
