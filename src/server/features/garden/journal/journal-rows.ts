import { type JournalTag, journalTagValues, normalizeJournalTags } from "../../../../core/garden";
import type { JournalEntry, JournalPhoto } from "../../../../core/schemas/journal";
import { journalPhotoUrl } from "../rows";
import type { JournalEntryRow, JournalPhotoRow } from "./journal-repository";

// Journal rows as the API shows them (src/core/schemas/journal.ts).

function storedTags(text: string): JournalTag[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return normalizeJournalTags(
      value.filter((tag): tag is JournalTag => journalTagValues.includes(tag)),
    );
  } catch {
    return [];
  }
}

export function toJournalPhoto(row: JournalPhotoRow): JournalPhoto {
  return {
    id: row.id,
    entryId: row.entry_id,
    url: journalPhotoUrl(row.id),
    position: Number(row.position),
    createdAt: row.created_at,
  };
}

export function toJournalEntry(
  row: JournalEntryRow,
  photos: readonly JournalPhotoRow[],
): JournalEntry {
  return {
    id: row.id,
    plantId: row.plant_id,
    date: row.entry_date,
    note: row.note,
    tags: storedTags(row.tags),
    photos: photos.map(toJournalPhoto),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
