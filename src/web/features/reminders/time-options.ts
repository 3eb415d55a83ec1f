import { timeZone } from "../../lib/api-client";

/** The server's zone until the gardener picks one (core/reminders DEFAULT_TIME_ZONE). */
export const SERVER_DEFAULT_ZONE = "UTC";
const UTC_NAMES = new Set(["UTC", "Etc/UTC", "Etc/GMT", "GMT", "Etc/Universal", "Etc/Zulu"]);

/** "8:00 AM" or "08:00", as the gardener's locale writes the hour. */
export function hourLabel(hour: number, locale?: string | string[]): string {
  const cycle = new Intl.DateTimeFormat(locale, { hour: "numeric" }).resolvedOptions().hourCycle;
  const twentyFour = cycle === "h23" || cycle === "h24";
  return new Intl.DateTimeFormat(locale, {
    // 24-hour clocks write 08:00 (some engines give "8:00" for numeric); 12-hour ones 8:00 AM.
    hour: twentyFour ? "2-digit" : "numeric",
    minute: "2-digit",
    hourCycle: twentyFour ? "h23" : "h12",
    timeZone: "UTC",
  }).format(Date.UTC(2026, 0, 1, hour));
}

export function hourOptions(locale?: string | string[]): { value: number; label: string }[] {
  return Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: hourLabel(hour, locale) }));
}

/** The browser's IANA zone ("UTC" when it cannot tell), the one the app sends the server. */
export const browserTimeZone = timeZone;

/**
 * The zone to show for a profile: its own, or the browser's when the profile still has the
 * server's default UTC and the browser is somewhere else (the gardener has likely never picked
 * one). `suggested` says the shown zone is not saved yet.
 */
export function initialZone(profileZone: string, browserZone: string) {
  const suggested =
    profileZone === SERVER_DEFAULT_ZONE && !UTC_NAMES.has(browserZone) && isKnownZone(browserZone);
  return { zone: suggested ? browserZone : profileZone, suggested };
}

/**
 * Whether to offer this device's zone over the saved one: they differ and the device's is a real
 * place's (a device on UTC is more often unset than in Greenwich).
 */
export function offersDeviceZone(profileZone: string, browserZone: string): boolean {
  return browserZone !== profileZone && !UTC_NAMES.has(browserZone) && isKnownZone(browserZone);
}

export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "UTC+5:30", "UTC−5" or "UTC" now in `zone`. */
function offsetLabel(zone: string, now: Date): string {
  try {
    const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" })
      .formatToParts(now)
      .find((part) => part.type === "timeZoneName")?.value;
    return (name ?? "").replace(/^GMT/, "UTC").replace("-", "−") || "UTC";
  } catch {
    return "";
  }
}

export interface ZoneOption {
  value: string;
  label: string;
}
export interface ZoneGroup {
  region: string;
  zones: ZoneOption[];
}

/** "America/Argentina/Buenos_Aires" → "Argentina / Buenos Aires". */
function placeName(zone: string): string {
  const parts = zone.split("/");
  return (parts.length > 1 ? parts.slice(1) : parts).join(" / ").replaceAll("_", " ");
}

function allZones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
}

/**
 * Every zone the browser knows, grouped by region ("Africa", "America", …) and labelled with
 * its place and current offset. `include` adds zones the list may lack (the profile's own, the
 * browser's alias of it); UTC comes first, outside the groups.
 */
export function timeZoneGroups(
  include: string[] = [],
  now = new Date(),
): { utc: ZoneOption; groups: ZoneGroup[] } {
  const zones = new Set([...allZones(), ...include.filter(isKnownZone)]);
  zones.delete(SERVER_DEFAULT_ZONE);
  const byRegion = new Map<string, ZoneOption[]>();
  for (const zone of zones) {
    const region = zone.includes("/") ? (zone.split("/")[0] as string) : "Other";
    const offset = offsetLabel(zone, now);
    const label = offset ? `${placeName(zone)} (${offset})` : placeName(zone);
    const list = byRegion.get(region) ?? [];
    list.push({ value: zone, label });
    byRegion.set(region, list);
  }
  const groups = [...byRegion.entries()]
    .sort(([a], [b]) => (a === "Other" ? 1 : b === "Other" ? -1 : a.localeCompare(b)))
    .map(([region, list]) => ({
      region,
      zones: list.sort((a, b) => a.label.localeCompare(b.label)),
    }));
  return { utc: { value: SERVER_DEFAULT_ZONE, label: "UTC (Coordinated Universal Time)" }, groups };
}
