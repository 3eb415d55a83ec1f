import { useQuery } from "@tanstack/react-query";
import type { Insights, PlantingSuggestionsBody, Weather } from "../../../core/schemas/weather";
import { api } from "../../lib/api-client";
import { connectivity } from "../../lib/connectivity";
import { getJson, setJson } from "../../lib/storage";

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

export async function fetchWeather(place: Place): Promise<Weather> {
  try {
    const weather = await api.get<Weather>(`/api/gardening/weather?${query(place)}`);
    setJson("mpWeather", weather);
    return weather;
  } catch (error) {
    console.warn(WEATHER_FAILED, error);
    throw new Error(WEATHER_FAILED);
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

export const fetchPlanting = (place: Place) =>
  api.get<PlantingSuggestionsBody>(`/api/gardening/planting-suggestions?${query(place)}`);

const key = (name: string, place: Place) => [
  name,
  place.location,
  place.lat ?? null,
  place.lon ?? null,
];

export function useWeather(place: Place) {
  return useQuery({
    queryKey: key("weather", place),
    queryFn: () => fetchWeather(place),
    retry: false,
    staleTime: 10 * 60_000,
  });
}

export function useInsights(place: Place) {
  return useQuery({
    queryKey: key("insights", place),
    queryFn: () => fetchInsights(place),
    staleTime: 10 * 60_000,
  });
}

export function usePlanting(place: Place) {
  return useQuery({
    queryKey: key("planting", place),
    queryFn: () => fetchPlanting(place),
    retry: false,
    staleTime: 30 * 60_000,
  });
}
