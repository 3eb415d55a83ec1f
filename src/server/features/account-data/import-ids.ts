import { createHash, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { ImportFile } from "../../../core/schemas/data-export";
import type { Database } from "../../db/schema";
import { type Issue, invalidRequest } from "../../errors";

type Db = Kysely<Database>;

/** Who has each of these ids in one table (ids nobody has are absent); its owner answers. */
export type Owners = (db: Db, ids: readonly string[]) => Promise<Map<string, string>>;

/** Which of these ids someone has in one table (for rows with no user of their own). */
export type Taken = (db: Db, ids: readonly string[]) => Promise<ReadonlySet<string>>;

/** Issues for ids that appear twice in one list of the file. */
function duplicates(list: string, ids: readonly string[], what: string): Issue[] {
  const seen = new Set<string>();
  const issues: Issue[] = [];
  ids.forEach((id, index) => {
    if (seen.has(id)) {
      issues.push({ path: `${list}.${index}.id`, message: `is a second ${what} with id "${id}".` });
    }
    seen.add(id);
  });
  return issues;
}

/** A 400 naming every id that appears twice in one of the file's lists. */
export function checkDuplicateIds(file: ImportFile): void {
  const problems = [
    ...duplicates(
      "plants",
      file.plants.map((p) => p.id),
      "plant",
    ),
    ...duplicates(
      "tasks",
      file.tasks.map((t) => t.id),
      "task",
    ),
    ...duplicates(
      "milestones",
      file.milestones.map((m) => m.id),
      "milestone",
    ),
    ...duplicates(
      "chats",
      file.chats.map((c) => c.id),
      "chat",
    ),
    ...duplicates(
      "workflows",
      file.workflows.map((w) => w.id),
      "checklist",
    ),
    ...duplicates(
      "areas",
      file.areas.map((a) => a.id),
      "area",
    ),
    ...duplicates(
      "areaPlantings",
      file.areaPlantings.map((a) => a.id),
      "area planting",
    ),
    ...duplicates(
      "harvests",
      file.harvests.map((h) => h.id),
      "harvest",
    ),
    ...duplicates(
      "journal",
      file.journal.map((j) => j.id),
      "journal entry",
    ),
  ];
  if (problems.length > 0) throw invalidRequest(problems);
}

/** The tables of the file's top-level records; the name also keys their remapped ids. */
export type RecordTable =
  | "plants"
  | "tasks"
  | "milestones"
  | "chats"
  | "workflows"
  | "areas"
  | "area_plantings"
  | "harvests"
  | "journal_entries";

/** Where a record of the file goes: its id in the database, and whether it is added or was there. */
export interface Placement {
  id: string;
  insert: boolean;
}

/**
 * The id a record gets when its own id belongs to another gardener: the same for the same
 * gardener, record kind and id, so importing that file again finds it and adds nothing.
 */
function remappedId(userId: string, kind: string, id: string): string {
  const hex = createHash("sha256").update(`${userId}\u0000${kind}\u0000${id}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Ids for the children of added records (messages, checklist items): their own when free, else
 * remapped, else fresh; never one used twice in the import.
 */
function uniqueIds(userId: string, kind: string, taken: ReadonlySet<string>) {
  const used = new Set<string>();
  return (id: string) => {
    let candidate = taken.has(id) || used.has(id) ? remappedId(userId, kind, id) : id;
    if (taken.has(candidate) || used.has(candidate)) candidate = randomUUID();
    used.add(candidate);
    return candidate;
  };
}

/**
 * The ids the children of added records get (uniqueIds), in the order given. One taken even
 * after remapping (never in practice) gets a fresh one.
 */
export async function childIds(
  trx: Db,
  userId: string,
  kind: "messages" | "items",
  ids: readonly string[],
  taken: Taken,
): Promise<string[]> {
  const idOf = uniqueIds(userId, kind, await taken(trx, ids));
  const chosen = ids.map(idOf);
  const stillTaken = await taken(trx, chosen);
  return chosen.map((id) => (stillTaken.has(id) ? randomUUID() : id));
}

/**
 * Where each of the file's records of one table goes: an id the gardener has is skipped, a free
 * one kept, one another gardener has remapped (remappedId).
 */
export async function placeRecords(
  trx: Db,
  userId: string,
  table: RecordTable,
  ids: readonly string[],
  ownerLookup: Owners,
): Promise<Map<string, Placement>> {
  const owners = await ownerLookup(trx, ids);
  const placed = new Map<string, Placement>();
  const remapped: string[] = [];
  for (const id of ids) {
    const owner = owners.get(id);
    if (owner === undefined) placed.set(id, { id, insert: true });
    else if (owner === userId) placed.set(id, { id, insert: false });
    else remapped.push(id);
  }
  if (remapped.length === 0) return placed;
  const derived = new Map(remapped.map((id) => [id, remappedId(userId, table, id)]));
  const derivedOwners = await ownerLookup(trx, [...derived.values()]);
  for (const [id, newId] of derived) {
    const owner = derivedOwners.get(newId);
    if (owner === undefined) placed.set(id, { id: newId, insert: true });
    else if (owner === userId) placed.set(id, { id: newId, insert: false });
    // A hash taken by someone else: never seen, but an import must not fail on it.
    else placed.set(id, { id: randomUUID(), insert: true });
  }
  return placed;
}

/**
 * A reference that may be dropped rather than refused (a plant's area): a record of the file
 * maps to where it was placed, one the gardener has stays, anything else is null.
 */
export async function optionalReferences(
  trx: Db,
  userId: string,
  placed: Map<string, Placement>,
  referenced: readonly string[],
  ownerLookup: Owners,
): Promise<(id: string | null) => string | null> {
  const outside = referenced.filter((id) => !placed.has(id));
  const owners = await ownerLookup(trx, outside);
  return (id) => {
    if (id === null) return null;
    const inFile = placed.get(id);
    if (inFile) return inFile.id;
    return owners.get(id) === userId ? id : null;
  };
}

/**
 * Every plantId of tasks, milestones, chats and harvests must name a plant of the file or one the
 * Every plantId of tasks, milestones, chats and journal entries must name a plant of the file or one the
 * gardener already has; the function maps a file's plant id to the id it has now.
 */
export async function plantReferences(
  trx: Db,
  userId: string,
  file: ImportFile,
  plants: Map<string, Placement>,
  plantOwners: Owners,
): Promise<(id: string) => string> {
  const refs: { path: string; id: string }[] = [
    ...file.tasks.flatMap((t, i) =>
      t.plantId ? [{ path: `tasks.${i}.plantId`, id: t.plantId }] : [],
    ),
    ...file.milestones.map((m, i) => ({ path: `milestones.${i}.plantId`, id: m.plantId })),
    ...file.chats.flatMap((c, i) =>
      c.plantId ? [{ path: `chats.${i}.plantId`, id: c.plantId }] : [],
    ),
    ...file.harvests.flatMap((h, i) =>
      h.plantId ? [{ path: `harvests.${i}.plantId`, id: h.plantId }] : [],
    ),
    ...file.journal.map((j, i) => ({ path: `journal.${i}.plantId`, id: j.plantId })),
  ];
  const outside = refs.filter((ref) => !plants.has(ref.id));
  const owners = await plantOwners(
    trx,
    outside.map((ref) => ref.id),
  );
  const unknown = outside.filter((ref) => owners.get(ref.id) !== userId);
  if (unknown.length > 0) {
    throw invalidRequest(
      unknown.map((ref) => ({
        path: ref.path,
        message: `names plant "${ref.id}", which is neither in the file nor one of your plants.`,
      })),
    );
  }
  return (id: string) => plants.get(id)?.id ?? id;
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = "23505";
/** Each retry follows a commit that took some of the file's ids; a few always settle it. */
const ATTEMPTS = 5;

/**
 * Runs an import's transaction, and again when it lost a race for a free id. The per-gardener
 * lock keeps one gardener's imports apart, but ids are global: on PostgreSQL two gardeners
 * importing one file at once both see its ids free, and the second insert fails once the first
 * commits. Run again, it finds those ids taken by the other gardener and remaps them. (SQLite
 * runs one transaction at a time, so it never races.)
 */
export async function transactionRetryingIdRace<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (code !== UNIQUE_VIOLATION || attempt === ATTEMPTS) throw err;
    }
  }
}
