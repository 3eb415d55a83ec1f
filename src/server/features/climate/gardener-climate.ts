import type { Kysely } from "kysely";
import type { ClimateProfile } from "../../../core/climate/climate-profile";
import type { IsoDate } from "../../../core/garden/dates";
import type { Place } from "../../../core/schemas/place";
import { type FrostStation, nearestFrostStation } from "../../../core/weather";
import type { Database } from "../../db/schema";
import type { PlaceFinder } from "../../providers/weather";
import { placeOf, profileRow } from "../profile/read-model";
import { FROST_COUNTRIES } from "../weather/service";
import type { ClimateService } from "./service";

/** Where the gardener gardens and its climate; `place` null when they have told none. */
export interface GardenerClimate {
  place: Place | null;
  latitude: number;
  profile: ClimateProfile | null;
}

type Db = Kysely<Database>;

/**
 * The gardener's place: the one chosen from /api/places, else the town of their ZIP code or
 * their location text as the place finder reads it. Null when they have given none.
 */
async function gardenerPlace(db: Db, finder: PlaceFinder, userId: string) {
  const row = await profileRow(db, userId);
  if (!row) return null;
  const stored = placeOf(row);
  if (stored) return { place: stored, row };
  const text = row.zip?.trim() || row.location?.trim();
  if (!text) return null;
  const [place] = await finder.find(text);
  return place ? { place, row } : null;
}

/**
 * A place's climate: computed from the archive; for a US place the nearest NOAA station's frost
 * dates and the ZIP's zone (the archive's months kept when it could be asked). Null when neither
 * says enough to plan by (the archive unreachable, or a frost-free station without the months).
 */
export async function placeClimate(
  deps: { climate: ClimateService; frostStations: () => readonly FrostStation[] },
  place: Pick<Place, "latitude" | "longitude" | "countryCode">,
  zone: string | null,
  today: IsoDate,
  askAgain = false,
): Promise<ClimateProfile | null> {
  const point = { lat: place.latitude, lon: place.longitude };
  const { profile } = await deps.climate.climateAt(point, today, askAgain);
  if (!place.countryCode || !FROST_COUNTRIES.has(place.countryCode)) return profile;
  const station = nearestFrostStation(deps.frostStations(), point);
  // A frost-free station says nothing of when to sow without the months' temperatures.
  const usable = station?.freezePattern === "seasonal" || Boolean(profile?.monthlyMeanC);
  if (!station || station.freezePattern === "irregular" || !usable) return profile;
  return {
    latitude: place.latitude,
    zone: zone ?? profile?.zone ?? null,
    lastFrost: station.lastSpring,
    firstFrost: station.firstFall,
    monthlyMeanC: profile?.monthlyMeanC ?? null,
    monthlyRainMm: profile?.monthlyRainMm ?? null,
    source: "usda-noaa",
  };
}

export interface GardenerClimateDeps {
  db: Db;
  finder: PlaceFinder;
  climate: ClimateService;
  frostStations: () => readonly FrostStation[];
}

type ProfileRow = NonNullable<Awaited<ReturnType<typeof profileRow>>>;

/** The place's climate with the gardener's own frost dates over it, when they gave them. */
function withOwnFrost(
  profile: ClimateProfile | null,
  latitude: number,
  row: ProfileRow,
): ClimateProfile | null {
  if (!row.frost_last || !row.frost_first) return profile;
  return {
    latitude,
    zone: profile?.zone ?? row.zone ?? null,
    monthlyMeanC: profile?.monthlyMeanC ?? null,
    monthlyRainMm: profile?.monthlyRainMm ?? null,
    lastFrost: row.frost_last,
    firstFrost: row.frost_first,
    source: "gardener",
  };
}

/**
 * The gardener's climate (API.md GET /api/me/climate): the place's computed climate; for a US
 * place the nearest NOAA station's frost dates and the ZIP's zone (the archive's months kept
 * when it could be asked); the gardener's own frost dates over all. Null when no place is known.
 */
export async function gardenerClimate(
  deps: GardenerClimateDeps,
  userId: string,
  today: IsoDate,
  askAgain = false,
): Promise<GardenerClimate | null> {
  const found = await gardenerPlace(deps.db, deps.finder, userId);
  if (!found) return null;
  const { place, row } = found;
  const profile = await placeClimate(deps, place, row.zone, today, askAgain);
  return { place, latitude: place.latitude, profile: withOwnFrost(profile, place.latitude, row) };
}

/** Within this many degrees of the gardener's chosen place, a point is that place (about 5 km). */
const SAME_PLACE_DEGREES = 0.05;

/**
 * The climate What to Plant Now plans by for a point: the point's own; with the gardener's frost
 * dates over it when the point is their chosen place (a town they only look up keeps its own).
 */
export async function climateForPoint(
  deps: GardenerClimateDeps,
  userId: string,
  point: Pick<Place, "latitude" | "longitude" | "countryCode">,
  today: IsoDate,
): Promise<ClimateProfile | null> {
  const [profile, row] = await Promise.all([
    placeClimate(deps, point, null, today),
    profileRow(deps.db, userId),
  ]);
  const stored = row ? placeOf(row) : null;
  const same =
    stored !== null &&
    Math.abs(stored.latitude - point.latitude) <= SAME_PLACE_DEGREES &&
    Math.abs(stored.longitude - point.longitude) <= SAME_PLACE_DEGREES;
  return row && same ? withOwnFrost(profile, point.latitude, row) : profile;
}
