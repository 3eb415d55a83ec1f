import { useQuery } from "@tanstack/react-query";
import { type Dispatch, type SetStateAction, useEffect } from "react";
import { climateKind } from "../../../core/climate/climate-kind";
import { placeTitle } from "../../../core/place-title";
import type { ClimateBody } from "../../../core/schemas/climate";
import { api } from "../../lib/api-client";
import { useMe } from "../../lib/use-me";
import type { GrowDraft } from "./form";

/**
 * Fills Grow Along's location and climate from the gardener's place (issue 23) where the form
 * has none yet; both stay editable, and a climate chosen for the last guide is kept.
 */
export function usePlaceDefaults(setDraft: Dispatch<SetStateAction<GrowDraft>>) {
  const place = useMe().data?.place ?? null;
  const climate = useQuery({
    // Under "climate", so a new place or new frost dates refresh it too.
    queryKey: ["climate", "grow-along"],
    queryFn: () => api.get<ClimateBody>("/api/me/climate"),
    enabled: place !== null,
    retry: false,
    staleTime: 10 * 60_000,
  });
  useEffect(() => {
    if (place) setDraft((d) => (d.location.trim() ? d : { ...d, location: placeTitle(place) }));
  }, [place, setDraft]);
  const figures = climate.data;
  useEffect(() => {
    // An estimate knows no months or zone worth reading a climate from.
    if (!figures || figures.source === "estimate") return;
    setDraft((d) => (d.climate ? d : { ...d, climate: climateKind(figures) }));
  }, [figures, setDraft]);
}
