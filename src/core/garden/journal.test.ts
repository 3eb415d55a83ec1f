import { describe, expect, it } from "vitest";
import {
  canAddJournalPhoto,
  careLoggedBy,
  JOURNAL_TAG_LABELS,
  journalEntryHasContent,
  journalTagValues,
  MAX_JOURNAL_PHOTOS,
  normalizeJournalTags,
} from "./journal";

describe("journal tags", () => {
  it("are the issue's six, each with a label", () => {
    expect(journalTagValues).toEqual([
      "watered",
      "fed",
      "pruned",
      "treated",
      "pest-disease",
      "transplanted",
    ]);
    expect(Object.keys(JOURNAL_TAG_LABELS).sort()).toEqual([...journalTagValues].sort());
    expect(JOURNAL_TAG_LABELS["pest-disease"]).toBe("Pest or disease seen");
  });

  it("are kept once each, in the list's order", () => {
    expect(normalizeJournalTags(["pruned", "watered", "pruned"])).toEqual(["watered", "pruned"]);
    expect(normalizeJournalTags([])).toEqual([]);
  });
});

describe("the photos rule", () => {
  it("lets an entry take photos up to six, not a seventh", () => {
    expect(MAX_JOURNAL_PHOTOS).toBe(6);
    expect(canAddJournalPhoto(0)).toBe(true);
    expect(canAddJournalPhoto(5)).toBe(true);
    expect(canAddJournalPhoto(6)).toBe(false);
  });
});

describe("an entry's content", () => {
  it("is a note, a tag or a photo; blanks are nothing", () => {
    expect(journalEntryHasContent({ note: "  ", tags: [], photoCount: 0 })).toBe(false);
    expect(journalEntryHasContent({ note: "new leaf", tags: [], photoCount: 0 })).toBe(true);
    expect(journalEntryHasContent({ note: "", tags: ["fed"], photoCount: 0 })).toBe(true);
    expect(journalEntryHasContent({ note: "", tags: [], photoCount: 1 })).toBe(true);
  });
});

describe("the care an entry logs", () => {
  it("is a watering for watered and a feeding for fed, nothing for the other tags", () => {
    expect(careLoggedBy(["watered"])).toEqual(["watering"]);
    expect(careLoggedBy(["fed", "pruned"])).toEqual(["feeding"]);
    expect(careLoggedBy(["watered", "fed"])).toEqual(["watering", "feeding"]);
    expect(careLoggedBy(["pruned", "treated", "pest-disease", "transplanted"])).toEqual([]);
  });
});
