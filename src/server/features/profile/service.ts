import type { Kysely, Updateable } from "kysely";
import { placeTitle } from "../../../core/place-title";
import { DEFAULT_TIME_ZONE } from "../../../core/reminders/local-time";
import type { ImportProfile } from "../../../core/schemas/data-export";
import {
  experienceValues,
  type Me,
  type MePatch,
  preferenceValues,
} from "../../../core/schemas/me";
import type { Place } from "../../../core/schemas/place";
import type { Database, ProfileTable } from "../../db/schema";
import { notFound } from "../../errors";
import type { ZoneLookup } from "../zones/service";
import { placeOf } from "./read-model";
import { ensureProfile, findProfile, type ProfileRow, updateProfile } from "./repository";

// Writes to the profile other features and the admin CLI make; the profile table keeps one owner.
export { digestTokenFor, setPlanByEmail, setPlanOf, unsubscribeDigest } from "./repository";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

const toIso = (value: Date | string) => new Date(value).toISOString();

type ProfileWithUser = ProfileRow & {
  user_email: string;
  user_name: string;
  user_image: string | null;
  user_created_at: Date | string;
};

function toMe(row: ProfileWithUser): Me {
  return {
    id: row.user_id,
    email: row.user_email,
    displayName: row.display_name ?? row.user_name,
    photoUrl: row.photo_url ?? row.user_image,
    provider: row.provider,
    createdAt: toIso(row.user_created_at),
    lastLoginAt: row.last_login_at,
    units: row.units === "F" ? "F" : "C",
    location: row.location,
    place: placeOf(row),
    zip: row.zip,
    zone: row.zone,
    zoneTitle: row.zone_title,
    tempRange: row.temp_range,
    experience: oneOf(experienceValues, row.experience),
    preference: oneOf(preferenceValues, row.preference),
    onboardingCompleted: row.onboarding_completed === 1,
    completedAt: row.completed_at,
    plan: row.plan === "pro" ? "pro" : "free",
    timeZone: row.time_zone ?? DEFAULT_TIME_ZONE,
    reminderHour: Number(row.reminder_hour),
    emailDigest: Number(row.email_digest) === 1,
  };
}

const atSamePoint = (a: Place | null, b: Place | null) =>
  a === b || (!!a && !!b && a.latitude === b.latitude && a.longitude === b.longitude);

/** Profile fields as PATCH /api/me and an import's profile give them. */
export type ProfileFields = Omit<MePatch, "experience" | "preference"> &
  Partial<Pick<ImportProfile, "experience" | "preference" | "completedAt">>;

/**
 * The profile columns these fields set, for PATCH /api/me and imports alike. A completed
 * onboarding keeps the date it has (else the one given, else now); the ZIP brings its zone.
 */
export function profileChanges(
  fields: ProfileFields,
  completedAt: string | null,
  zones: () => ZoneLookup,
  now: string,
): Updateable<ProfileTable> {
  const changes: Updateable<ProfileTable> = {};
  if (fields.displayName !== undefined) changes.display_name = fields.displayName;
  if (fields.units !== undefined) changes.units = fields.units;
  if (fields.location !== undefined) changes.location = fields.location || null;
  if (fields.experience !== undefined) changes.experience = fields.experience;
  if (fields.preference !== undefined) changes.preference = fields.preference;
  if (fields.onboardingCompleted !== undefined) {
    changes.onboarding_completed = fields.onboardingCompleted ? 1 : 0;
    changes.completed_at = fields.onboardingCompleted
      ? (fields.completedAt ?? completedAt ?? now)
      : null;
  }
  if (fields.timeZone !== undefined) changes.time_zone = fields.timeZone;
  if (fields.reminderHour !== undefined) changes.reminder_hour = fields.reminderHour;
  if (fields.emailDigest !== undefined) changes.email_digest = fields.emailDigest ? 1 : 0;
  if (fields.place !== undefined) Object.assign(changes, placeChanges(fields.place, zones));
  if (fields.zip !== undefined) {
    // An unknown ZIP is still the gardener's ZIP: keep it, with no zone rather than a wrong one.
    const zone = fields.zip ? zones().find(fields.zip) : undefined;
    changes.zip = fields.zip;
    changes.zone = zone?.zone ?? null;
    changes.zone_title = zone?.zonetitle ?? null;
    changes.temp_range = zone?.trange ?? null;
    changes.zone_map = zone?.map ?? null;
  }
  return changes;
}

/**
 * The columns a place sets: the place itself, the location text the weather card shows, and for
 * a US ZIP code the ZIP and its zone; its time zone when the geocoder gave one. Null clears them.
 */
function placeChanges(place: Place | null, zones: () => ZoneLookup): Updateable<ProfileTable> {
  if (!place) {
    return {
      place_name: null,
      place_admin1: null,
      place_country: null,
      place_country_code: null,
      place_lat: null,
      place_lon: null,
      place_postcode: null,
    };
  }
  const changes: Updateable<ProfileTable> = {
    place_name: place.name,
    place_admin1: place.admin1,
    place_country: place.country,
    place_country_code: place.countryCode,
    place_lat: place.latitude,
    place_lon: place.longitude,
    place_postcode: place.postcode ?? null,
    location: placeTitle(place),
  };
  if (place.timeZone) changes.time_zone = place.timeZone;
  const zip =
    place.countryCode === "US" && /^\d{5}$/.test(place.postcode ?? "") ? place.postcode : null;
  const zone = zip ? zones().find(zip) : undefined;
  if (zip) {
    changes.zip = zip;
    changes.zone = zone?.zone ?? null;
    changes.zone_title = zone?.zonetitle ?? null;
    changes.temp_range = zone?.trange ?? null;
    changes.zone_map = zone?.map ?? null;
  }
  return changes;
}

export class ProfileService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly zones: () => ZoneLookup,
    /** Told after a gardener's units change: reads kept with their old units must go. */
    private readonly unitsChanged: (userId: string) => void = () => {},
  ) {}

  async get(userId: string): Promise<Me> {
    // The sign-in hook normally creates the row; this covers a hook that failed (it only logs).
    await ensureProfile(this.db, userId, new Date().toISOString());
    const row = await findProfile(this.db, userId);
    if (!row) throw notFound("Your profile");
    return toMe(row);
  }

  /** The gardener's own frost dates ("MM-DD"); null goes back to the place's (PATCH /api/me/climate). */
  async setFrostDates(userId: string, lastFrost: string | null, firstFrost: string | null) {
    await this.get(userId);
    await updateProfile(this.db, userId, {
      frost_last: lastFrost,
      frost_first: firstFrost,
      updated_at: new Date().toISOString(),
    });
  }

  async update(userId: string, patch: MePatch): Promise<Me> {
    const current = await this.get(userId);
    const now = new Date().toISOString();
    const changes: Updateable<ProfileTable> = {
      ...profileChanges(patch, current.completedAt, this.zones, now),
      updated_at: now,
    };
    // The gardener's own frost dates were for the garden they had: a move goes back to the new
    // place's until they correct them again.
    if (patch.place !== undefined && !atSamePoint(patch.place, current.place)) {
      changes.frost_last = null;
      changes.frost_first = null;
    }
    await updateProfile(this.db, userId, changes, patch.displayName);
    if (patch.units !== undefined && patch.units !== current.units) this.unitsChanged(userId);
    return this.get(userId);
  }
}
