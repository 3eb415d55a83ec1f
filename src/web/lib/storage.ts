/**
 * Every browser-stored key of spec §3, in one place. Values are strings in localStorage; JSON
 * keys are parsed on read and a corrupt value reads as absent rather than breaking a page.
 */
const stringKeys = {
  mpLocation: "mp.location",
  apiBase: "mp.apiBase",
  location: "location",
  units: "units",
  onboarded: "onboarded",
  zip: "zip",
  zone: "zone",
  zoneTitle: "zoneTitle",
  zoneTempRange: "zoneTempRange",
  experience: "experience",
  climate: "climate",
  preference: "preference",
  activeChatId: "activeChatId",
  theme: "theme",
} as const;

const jsonKeys = {
  mpWeather: "mp.weather",
  weather: "weather",
  profile: "profile",
  identHistory: "identHistory",
  localChats: "localChats",
  trackerContext: "trackerContext",
} as const;

export type StringKey = keyof typeof stringKeys;
export type JsonKey = keyof typeof jsonKeys;

function store(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode, blocked cookies)
  }
}

export function getString(key: StringKey): string | null {
  return store()?.getItem(stringKeys[key]) ?? null;
}

export function setString(key: StringKey, value: string | null | undefined): void {
  const s = store();
  if (!s) return;
  if (value === null || value === undefined || value === "") s.removeItem(stringKeys[key]);
  else s.setItem(stringKeys[key], value);
}

export function getJson<T>(key: JsonKey): T | null {
  const raw = store()?.getItem(jsonKeys[key]);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function setJson(key: JsonKey, value: unknown): void {
  const s = store();
  if (!s) return;
  if (value === null || value === undefined) s.removeItem(jsonKeys[key]);
  else s.setItem(jsonKeys[key], JSON.stringify(value));
}

export type Units = "C" | "F";

/** The colour theme: follow the device, or always light or dark. */
export type ThemeChoice = "system" | "light" | "dark";

/** Fired on window when the stored location changes, so the nav label can follow. */
export const LOCATION_EVENT = "tendril:location";

export const storage = {
  units: (): Units => (getString("units") === "F" ? "F" : "C"),
  setUnits: (units: Units) => setString("units", units),
  theme: (): ThemeChoice => {
    const value = getString("theme");
    return value === "light" || value === "dark" ? value : "system";
  },
  setTheme: (theme: ThemeChoice) => setString("theme", theme),
  isOnboarded: () => getString("onboarded") === "1",
  setOnboarded: () => setString("onboarded", "1"),
  /** The stored location: mp.location first, then the older plain key. */
  location: () => getString("mpLocation") ?? getString("location"),
  setLocation: (location: string | null) => {
    setString("mpLocation", location);
    setString("location", location);
    if (typeof window !== "undefined") window.dispatchEvent(new Event(LOCATION_EVENT));
  },
  apiBase: () => getString("apiBase"),
  clearWeather: () => {
    setJson("mpWeather", null);
    setJson("weather", null);
  },
};

/** The browser's monthly message counter (signed-out chat), keyed by year and month. */
export function monthlyCounterKey(date = new Date()): string {
  return `messages.${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}

export function readMonthlyCount(date = new Date()): number {
  const value = Number(store()?.getItem(monthlyCounterKey(date)) ?? 0);
  return Number.isFinite(value) ? value : 0;
}

export function incrementMonthlyCount(date = new Date()): number {
  const next = readMonthlyCount(date) + 1;
  store()?.setItem(monthlyCounterKey(date), String(next));
  return next;
}
