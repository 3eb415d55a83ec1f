import type { Kysely, Updateable } from "kysely";
import { DEFAULT_TIME_ZONE } from "../../../core/reminders/local-time";
import {
  experienceValues,
  type Me,
  type MePatch,
  preferenceValues,
} from "../../../core/schemas/me";
import type { Database, ProfileTable } from "../../db/schema";
import { notFound } from "../../errors";
import type { ZoneLookup } from "../zones/service";
import { ensureProfile, findProfile, type ProfileRow, updateProfile } from "./repository";

// Writes to the profile other features and the admin CLI make; the profile table keeps one owner.
export { digestTokenFor, setPlanByEmail, unsubscribeDigest } from "./repository";

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

export class ProfileService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly zones: () => ZoneLookup,
  ) {}

  async get(userId: string): Promise<Me> {
    // The sign-in hook normally creates the row; this covers a hook that failed (it only logs).
    await ensureProfile(this.db, userId, new Date().toISOString());
    const row = await findProfile(this.db, userId);
    if (!row) throw notFound("Your profile");
    return toMe(row);
  }

  async update(userId: string, patch: MePatch): Promise<Me> {
    const current = await this.get(userId);
    const now = new Date().toISOString();
    const changes: Updateable<ProfileTable> = { updated_at: now };
    if (patch.displayName !== undefined) changes.display_name = patch.displayName;
    if (patch.units !== undefined) changes.units = patch.units;
    if (patch.location !== undefined) changes.location = patch.location || null;
    if (patch.experience !== undefined) changes.experience = patch.experience;
    if (patch.preference !== undefined) changes.preference = patch.preference;
    if (patch.onboardingCompleted !== undefined) {
      changes.onboarding_completed = patch.onboardingCompleted ? 1 : 0;
      changes.completed_at = patch.onboardingCompleted ? (current.completedAt ?? now) : null;
    }
    if (patch.timeZone !== undefined) changes.time_zone = patch.timeZone;
    if (patch.reminderHour !== undefined) changes.reminder_hour = patch.reminderHour;
    if (patch.emailDigest !== undefined) changes.email_digest = patch.emailDigest ? 1 : 0;
    if (patch.zip !== undefined) {
      // An unknown ZIP is still the gardener's ZIP: keep it, with no zone rather than a wrong one.
      const zone = patch.zip ? this.zones().find(patch.zip) : undefined;
      changes.zip = patch.zip;
      changes.zone = zone?.zone ?? null;
      changes.zone_title = zone?.zonetitle ?? null;
      changes.temp_range = zone?.trange ?? null;
      changes.zone_map = zone?.map ?? null;
    }
    await updateProfile(this.db, userId, changes, patch.displayName);
    return this.get(userId);
  }
}
