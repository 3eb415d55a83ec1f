import type { CareKind } from "./care-logged";

/** Issue 26: what a journal entry may say it was about, as stored and sent (API.md). */
export const journalTagValues = [
  "watered",
  "fed",
  "pruned",
  "treated",
  "pest-disease",
  "transplanted",
] as const;
export type JournalTag = (typeof journalTagValues)[number];

/** Each tag's words for the gardener. */
export const JOURNAL_TAG_LABELS: Readonly<Record<JournalTag, string>> = {
  watered: "Watered",
  fed: "Fed",
  pruned: "Pruned",
  treated: "Treated",
  "pest-disease": "Pest or disease seen",
  transplanted: "Transplanted",
};

/** A journal entry holds at most this many photos. */
export const MAX_JOURNAL_PHOTOS = 6;

export const JOURNAL_PHOTO_LIMIT_MESSAGE = `An entry holds up to ${MAX_JOURNAL_PHOTOS} photos: remove one before adding another, or start a new entry.`;

/** Whether an entry that has `count` photos may take one more. */
export function canAddJournalPhoto(count: number): boolean {
  return count < MAX_JOURNAL_PHOTOS;
}

/** The tags in the one order the list gives them, each once (so stored tags compare equal). */
export function normalizeJournalTags(tags: readonly JournalTag[]): JournalTag[] {
  return journalTagValues.filter((tag) => tags.includes(tag));
}

/** An entry says something when it has a note, a tag or a photo; an empty one is refused. */
export function journalEntryHasContent(entry: {
  note: string;
  tags: readonly string[];
  photoCount: number;
}): boolean {
  return entry.note.trim() !== "" || entry.tags.length > 0 || entry.photoCount > 0;
}

/** The care an entry's tags log: "watered" is a watering, "fed" a feeding (issue 26 item 2). */
export function careLoggedBy(tags: readonly JournalTag[]): CareKind[] {
  const kinds: CareKind[] = [];
  if (tags.includes("watered")) kinds.push("watering");
  if (tags.includes("fed")) kinds.push("feeding");
  return kinds;
}
