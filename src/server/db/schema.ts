import type { ColumnType, Generated } from "kysely";

/** better-auth's own tables keep its camelCase column names (see migrations/0001). */
interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
}

export interface ProfileTable {
  user_id: string;
  email: string | null;
  display_name: string | null;
  photo_url: string | null;
  provider: string | null;
  location: string | null;
  zip: string | null;
  zone: string | null;
  zone_title: string | null;
  temp_range: string | null;
  zone_map: string | null;
  experience: string | null;
  preference: string | null;
  units: Generated<string>;
  onboarding_completed: Generated<number>;
  completed_at: string | null;
  plan: Generated<string>;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
  /** IANA zone of the daily reminder; null until the gardener sets one (read as UTC). */
  time_zone: string | null;
  reminder_hour: Generated<number>;
  email_digest: Generated<number>;
  /** The e-mail digest's unsubscribe token, made with the first digest. */
  digest_token: string | null;
  /** The gardener's place (migration 0009); null on profiles that only have a ZIP or a location. */
  place_name: string | null;
  place_admin1: string | null;
  place_country: string | null;
  place_country_code: string | null;
  place_lat: number | null;
  place_lon: number | null;
  place_postcode: string | null;
  /** The gardener's own median last spring / first autumn frost, "MM-DD" (PATCH /api/me/climate). */
  frost_last: string | null;
  frost_first: string | null;
  /** The address the gardener last signed in by, while no PUBLIC_URL names one (migration 0011). */
  app_origin: string | null;
}

export interface PlantTable {
  id: string;
  user_id: string;
  name: string;
  scientific_name: string | null;
  common_name: string | null;
  slug: string | null;
  crop_slug: string | null;
  source: string;
  medium: string;
  place: string;
  lighting: string;
  /** A Grow Along garden type (container, raised-bed, …) the plant was tracked with, or null. */
  garden_type: Generated<string | null>;
  /** A Grow Along lighting (full-sun, partial-shade, led, mixed) it was tracked with, or null. */
  grow_lighting: Generated<string | null>;
  start_method: string | null;
  experience: string | null;
  planting_date: string;
  stage_plan: Generated<string>;
  tips: Generated<string>;
  ai_plan_raw: string | null;
  ai_plan_version: Generated<number>;
  status: Generated<string>;
  stage: string | null;
  stage_started_at: string | null;
  next_task_id: string | null;
  /** Unused since migration 0005: the photo is `image_id`, a row of `images`. */
  image_path: string | null;
  /** The plant's photo (an `images` row of the same user), or null. */
  image_id: Generated<string | null>;
  /** The bed or area the plant grows in (an `areas` row of the same user), or null (migration 0015). */
  area_id: Generated<string | null>;
  /** The day the "first harvest due" reminder was claimed, or null (migration 0016). */
  harvest_reminded_on: Generated<string | null>;
  location_place: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
  identified_at: string | null;
}

export interface TaskTable {
  id: string;
  user_id: string;
  plant_id: string | null;
  title: string;
  type: Generated<string>;
  due_date: string | null;
  status: Generated<string>;
  priority: Generated<number>;
  notes: string | null;
  repeat_every_days: number | null;
  created_at: string;
  completed_at: string | null;
}

export interface MilestoneTable {
  id: string;
  user_id: string;
  plant_id: string;
  /** The milestone's title ("Germination"). */
  name: string;
  /** The planned start of the stage (its first day at midnight UTC), or when it was recorded. */
  from_at: string | null;
  /** The planned end of the stage (its last day), or null. */
  to_at: string | null;
  created_at: string;
  /** The stage as the plant's stage plan names it; null on rows from before migration 0006. */
  stage: Generated<string | null>;
  /** YYYY-MM-DD: the date the stage is planned to start (or was reached, if never planned). */
  date: Generated<string | null>;
  reached_at: Generated<string | null>;
}

export interface ChatTable {
  id: string;
  user_id: string;
  title: string;
  plant_context_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface MessageTable {
  id: string;
  chat_id: string;
  user_id: string;
  role: string;
  content: string;
  created_at: string;
  /** JSON MessageSource[]. */
  sources: Generated<string>;
  /** JSON MessageAction[]. */
  actions: Generated<string>;
  engine: string | null;
}

export interface WorkflowTable {
  id: string;
  user_id: string;
  name: string;
  template: string;
  created_at: string;
}

export interface WorkflowItemTable {
  id: string;
  workflow_id: string;
  position: number;
  title: string;
  done: Generated<number>;
  detail: Generated<string>;
}

export interface IdentificationTable {
  id: string;
  user_id: string;
  /** JSON: the Identification without id, imageUrl and createdAt. */
  result: string;
  /** Unused since migration 0005: the photo is `image_id`. */
  image_path: Generated<string | null>;
  image_id: string | null;
  created_at: string;
}

/** A stored photo: WebP, EXIF and GPS removed, longest side at most 1024 px. */
export interface ImageTable {
  id: string;
  user_id: string;
  /** better-sqlite3 and pg both return a Buffer. */
  bytes: Buffer;
  mime_type: string;
  width: number;
  height: number;
  created_at: string;
}

export interface UsageTable {
  user_id: string;
  day: string;
  messages: Generated<number>;
}

export interface WeatherCacheTable {
  key: string;
  user_id: string | null;
  payload: string;
  fetched_at: string;
}

/** A place's typical-year climate (ClimateProfile as JSON), keyed by its point to 0.1° (migration 0008). */
export interface ClimateProfileTable {
  key: string;
  payload: string;
  computed_at: string;
}

/** Server-wide settings, e.g. the generated VAPID key pair (migration 0007). */
export interface AppSettingTable {
  key: string;
  value: string;
  created_at: string;
}

/** A browser's Web Push subscription; a browser has one endpoint, so it is the key. */
export interface PushSubscriptionTable {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: string;
  updated_at: string;
}

/** A daily reminder that went out: at most one per gardener and local date. */
export interface ReminderSendTable {
  user_id: string;
  local_date: string;
  sent_at: string;
}

/** An ntfy topic or webhook the daily reminder also goes to (migration 0013); at most 5 a gardener. */
export interface ReminderChannelTable {
  id: string;
  user_id: string;
  kind: "ntfy" | "webhook";
  url: string;
  /** ntfy access token, sent as `Authorization: Bearer`; never answered by the API. */
  token: string | null;
  created_at: string;
  /** The gardener's local date the channel was last sent (claimed) for. */
  last_sent_on: string | null;
  last_error: string | null;
  last_error_at: string | null;
}

/** The secret token of a gardener's private calendar feed. */
export interface CalendarTokenTable {
  user_id: string;
  token: string;
  created_at: string;
}

/** A message to the operator: the Contact page, a Plant ID issue report or Feedback (migration 0014). */
export interface ContactMessageTable {
  id: string;
  user_id: string;
  kind: string;
  name: string;
  email: string;
  message: string;
  created_at: string;
}

export interface ApiTokenTable {
  id: string;
  user_id: string;
  name: string;
  scope: "read" | "write";
  /** SHA-256 (hex) of the secret; the secret itself is never stored. */
  token_hash: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A bed, container group, shelf or system a gardener grows in (migration 0015). */
export interface AreaTable {
  id: string;
  user_id: string;
  name: string;
  kind: string;
  /** Always square metres; null when the gardener gave no size. */
  size_m2: number | null;
  sun: string;
  /** 1 under cover (greenhouse, tunnel): rain never waters it. */
  covered: Generated<number>;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

/** A plant that grew in an area and left it (deleted, moved or unplaced): rotation history. */
export interface AreaPlantingTable {
  id: string;
  user_id: string;
  area_id: string;
  /** The plant it was; the plant itself may be gone. */
  plant_id: string;
  plant_name: string;
  crop_slug: string | null;
  /** The plant's planting date, which says its growing season. */
  planted_on: string;
  left_at: string;
}

/** A watering task the rain skipped (migration 0018); one per task and day. */
export interface TaskSkipTable {
  id: string;
  user_id: string;
  task_id: string;
  /** The gardener's place's local date the rain fell on. */
  skipped_on: string;
  rain_mm: number;
  from_due_date: string;
  to_due_date: string;
  created_at: string;
  /** When the gardener undid it; null while it stands. */
  undone_at: string | null;
}

/**
 * A live change of the last few minutes (migration 0021), kept so a stream can be sent what it
 * missed (src/server/realtime/event-log.ts). `seq` is a bigint on PostgreSQL, which its driver
 * reads as a string.
 */
export interface LiveEventTable {
  seq: Generated<number | string>;
  user_id: string;
  type: string;
  record_id: string;
  created_at: string;
}

/** A harvest as logged (migration 0016); crop and area stay as logged when the plant goes. */
export interface HarvestTable {
  id: string;
  user_id: string;
  /** The plant it came from; null once that plant is deleted. */
  plant_id: string | null;
  crop_slug: string;
  crop_name: string;
  area_id: string | null;
  harvested_on: string;
  /** Always grams; null when only counted. */
  weight_g: number | null;
  count: number | null;
  note: string | null;
  /** Its photo (an `images` row of the same user), or null. */
  image_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A dated entry of a plant's journal (migration 0017). */
export interface JournalEntryTable {
  id: string;
  user_id: string;
  plant_id: string;
  /** YYYY-MM-DD: the day the entry is about (the gardener's, not when it was written). */
  entry_date: string;
  note: Generated<string>;
  /** JSON: the entry's tags (core/garden/journal.ts), e.g. ["watered"]. */
  tags: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** A photo of a journal entry: an `images` row of the same user, at `position` (0..5). */
export interface JournalPhotoTable {
  id: string;
  user_id: string;
  entry_id: string;
  image_id: string;
  position: number;
  created_at: string;
}

/**
 * A create sent with an Idempotency-Key (migration 0020): claimed while it runs (status_code and
 * body null), then the answer it got, replayed to a repeat of the same key for a day.
 */
export interface IdempotencyKeyTable {
  user_id: string;
  key: string;
  /** SHA-256 of the method, URL and body the key was first used with. */
  fingerprint: string;
  status_code: number | null;
  /** The JSON answer as it was sent. */
  body: string | null;
  created_at: string;
}

/**
 * A grant of the operator's rights (migration 0023): "first-account", written once by the
 * instance's first sign-up, or a random id per `npm run admin -- grant-operator`. user_id is null
 * once that account is gone; an ADMIN_EMAILS account with a verified address needs no row.
 */
export interface OperatorTable {
  id: string;
  user_id: string | null;
  created_at: string;
}

export interface Database {
  user: AuthUserTable;
  profile: ProfileTable;
  plants: PlantTable;
  tasks: TaskTable;
  milestones: MilestoneTable;
  chats: ChatTable;
  messages: MessageTable;
  workflows: WorkflowTable;
  workflow_items: WorkflowItemTable;
  identifications: IdentificationTable;
  images: ImageTable;
  usage: UsageTable;
  weather_cache: WeatherCacheTable;
  app_settings: AppSettingTable;
  push_subscriptions: PushSubscriptionTable;
  reminder_sends: ReminderSendTable;
  reminder_channels: ReminderChannelTable;
  calendar_tokens: CalendarTokenTable;
  contact_messages: ContactMessageTable;
  climate_profiles: ClimateProfileTable;
  api_tokens: ApiTokenTable;
  areas: AreaTable;
  area_plantings: AreaPlantingTable;
  task_skips: TaskSkipTable;
  live_events: LiveEventTable;
  harvests: HarvestTable;
  journal_entries: JournalEntryTable;
  journal_photos: JournalPhotoTable;
  idempotency_keys: IdempotencyKeyTable;
  operators: OperatorTable;
}
