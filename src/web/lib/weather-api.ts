import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Insights, PlantingSuggestionsBody, Weather } from "../../core/schemas/weather";
import { api } from "./api-client";
import { connectivity } from "./connectivity";
import { localToday } from "./format";
import { getJson, setJson } from "./storage";
import { recordFailure } from "./telemetry";

/** Where to look: a typed place, or GPS coordinates (with the place as a label). */
export interface Place {
  location: string;
  lat?: number;
  lon?: number;
}

function query(place: Place): string {
  const params = new URLSearchParams({ location: place.location });
  if (place.lat !== undefined && place.lon !== undefined) {
    params.set("lat", String(place.lat));
    params.set("lon", String(place.lon));
  }
  return params.toString();
}

export const WEATHER_FAILED = "Failed to fetch weather data";
/** Offline with no weather kept on this device (spec §7: offline is 'No network'). */
export const NO_NETWORK = "No network";

/** Spec §7 offline: the weather last fetched on this device stands in, if there is any. */
function offlineWeather(): Weather {
  const cached = getJson<Weather>("mpWeather");
  if (cached) return cached;
  throw new Error(NO_NETWORK);
}

/**
 * Spec §8: a failure throws 'Failed to fetch weather data'; the error it wraps (`cause`) says
 * what failed, for the card to tell the gardener.
 */
export async function fetchWeather(place: Place): Promise<Weather> {
  try {
    const weather = await api.get<Weather>(`/api/gardening/weather?${query(place)}`);
    setJson("mpWeather", weather);
    return weather;
  } catch (error) {
    recordFailure("weather", error instanceof Error ? error.message : String(error));
    throw new Error(WEATHER_FAILED, { cause: error });
  }
}

/**
 * Spec §7: on failure or offline, an empty insights object carrying the cached weather, with
 * wateringAdvice 'No network' (offline) or 'Unavailable' (failure).
 */
export async function fetchInsights(place: Place): Promise<Insights | EmptyInsights> {
  const empty = (wateringAdvice: "No network" | "Unavailable"): EmptyInsights => ({
    currentConditions: getJson<Weather>("mpWeather"),
    forecast: [],
    gardeningRecommendations: [],
    plantingAdvice: [],
    wateringAdvice,
    alerts: [],
    unavailable: true,
  });
  if (connectivity.get().offline) return empty("No network");
  try {
    return await api.get<Insights>(`/api/gardening/insights?${query(place)}`);
  } catch {
    return empty(connectivity.get().offline ? "No network" : "Unavailable");
  }
}

export interface EmptyInsights extends Omit<Insights, "currentConditions"> {
  currentConditions: Weather | null;
  unavailable: true;
}

/** What to plant on the gardener's own today: the device's date, not the server's. */
export const fetchPlanting = (place: Place, date: string) =>
  api.get<PlantingSuggestionsBody>(
    `/api/gardening/planting-suggestions?${query(place)}&date=${date}`,
  );

const key = (name: string, place: Place) => [
  name,
  place.location,
  place.lat ?? null,
  place.lon ?? null,
];

/**
 * The weather card's two reads. They run offline too ("always": their fetchers answer from this
 * device's cache, spec §7), and each time the card mounts they show what is cached at once and
 * refresh it in the background (spec §4 Weather card).
 */
const weatherCardQuery = { networkMode: "always", refetchOnMount: "always" } as const;

export function useWeather(place: Place) {
  const client = useQueryClient();
  const queryKey = key("weather", place);
  return useQuery({
    queryKey,
    // Offline, this place's own cached weather first, else the device's last.
    queryFn: async () => {
      if (connectivity.get().offline) {
        return client.getQueryData<Weather>(queryKey) ?? offlineWeather();
      }
      return fetchWeather(place);
    },
    retry: false,
    ...weatherCardQuery,
  });
}

export function useInsights(place: Place) {
  return useQuery({
    queryKey: key("insights", place),
    queryFn: () => fetchInsights(place),
    ...weatherCardQuery,
  });
}

export function usePlanting(place: Place) {
  const date = localToday();
  return useQuery({
    queryKey: [...key("planting", place), date],
    queryFn: () => fetchPlanting(place, date),
    retry: false,
    staleTime: 30 * 60_000,
  });
}
