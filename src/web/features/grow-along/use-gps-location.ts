import { useState } from "react";
import { fetchWeather } from "../../lib/weather-api";

/** Spec §5/§9 Grow Along: the GPS lookup asks for high accuracy and gives up after 10 s. */
export const GROW_ALONG_GPS_TIMEOUT_MS = 10_000;

/** "37.7749, -122.4194": what the location says when no place name is found for the fix. */
export const coordinatesLabel = (lat: number, lon: number) =>
  `${lat.toFixed(4)}, ${lon.toFixed(4)}`;

export type GpsState = "idle" | "locating" | "failed";

/**
 * 'Use GPS': the device's position, named the way the weather card names it (the weather
 * lookup's place for those coordinates), or the coordinates themselves when no name is found.
 * Spec §5: without geolocation in the browser there is no GPS to offer.
 */
export function useGpsLocation(onFound: (label: string) => void) {
  const [state, setState] = useState<GpsState>("idle");
  const available = typeof navigator !== "undefined" && "geolocation" in navigator;

  function locate() {
    if (!available || state === "locating") return;
    setState("locating");
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        const lat = Number(position.coords.latitude.toFixed(4));
        const lon = Number(position.coords.longitude.toFixed(4));
        let label = coordinatesLabel(lat, lon);
        try {
          const weather = await fetchWeather({ location: label, lat, lon });
          if (weather.location.trim()) label = weather.location;
        } catch {
          // No weather service: the coordinates say where just as well.
        }
        setState("idle");
        onFound(label);
      },
      () => setState("failed"),
      { enableHighAccuracy: true, timeout: GROW_ALONG_GPS_TIMEOUT_MS },
    );
  }

  return { available, state, locate };
}
