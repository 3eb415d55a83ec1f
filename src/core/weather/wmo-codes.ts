// The codes Open-Meteo documents for its `weather_code` field (a subset of WMO table 4677).
const DESCRIPTIONS: Readonly<Record<number, string>> = {
  0: "Clear sky",
  1: "Mainly clear",
  2: "Partly cloudy",
  3: "Overcast",
  45: "Fog",
  48: "Depositing rime fog",
  51: "Light drizzle",
  53: "Moderate drizzle",
  55: "Dense drizzle",
  56: "Light freezing drizzle",
  57: "Dense freezing drizzle",
  61: "Slight rain",
  63: "Moderate rain",
  65: "Heavy rain",
  66: "Light freezing rain",
  67: "Heavy freezing rain",
  71: "Slight snowfall",
  73: "Moderate snowfall",
  75: "Heavy snowfall",
  77: "Snow grains",
  80: "Slight rain showers",
  81: "Moderate rain showers",
  82: "Violent rain showers",
  85: "Slight snow showers",
  86: "Heavy snow showers",
  95: "Thunderstorm",
  96: "Thunderstorm with slight hail",
  99: "Thunderstorm with heavy hail",
};

// Other providers may send the in-between codes of the same WMO families; name the family rather
// than say "Unknown" for weather we can still describe.
const FAMILIES: readonly { from: number; to: number; words: string }[] = [
  { from: 51, to: 57, words: "Drizzle" },
  { from: 61, to: 67, words: "Rain" },
  { from: 71, to: 77, words: "Snow" },
  { from: 80, to: 82, words: "Rain showers" },
  { from: 85, to: 86, words: "Snow showers" },
  { from: 95, to: 99, words: "Thunderstorm" },
];

/** Plain words for an Open-Meteo WMO weather code; "Unknown" for anything unrecognised. */
export function describeWeatherCode(code: number): string {
  if (!Number.isInteger(code)) return "Unknown";
  const exact = DESCRIPTIONS[code];
  if (exact) return exact;
  return FAMILIES.find((family) => code >= family.from && code <= family.to)?.words ?? "Unknown";
}
