import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { MAX_AREAS } from "../../../core/schemas/area";
import type {
  ImportFile,
  ImportHarvest,
  ImportPlant,
  ImportResult,
} from "../../../core/schemas/data-export";
import { MAX_WORKFLOWS_PER_USER } from "../../../core/schemas/workflow";
import type { Dialect } from "../../db/connection";
import type { Database } from "../../db/schema";
import { lockForUser } from "../../db/user-lock";
import { AppError } from "../../errors";
import type { PhotoReader } from "../../lib/photos/photo-gate";
import type { StoredPhoto } from "../../lib/photos/pipeline";
import { chatIdOwners, insertImportedChats } from "../chat/account-data-service";
import {
  gardenOwners,
  insertImportedGarden,
  insertImportedHarvests,
  insertImportedJournal,
  lockedAreaCount,
  lockGarden,
  refreshNextTasks,
} from "../garden/account-data-service";
import { insertImportedPhoto } from "../photos/account-data-service";
import { restoreProfile } from "../profile/account-data-service";
import {
  checklistOwners,
  insertImportedWorkflows,
  lockedChecklistCount,
  takenChecklistItemIds,
} from "../workflows/account-data-service";
import type { ZoneLookup } from "../zones/service";
import {
  checkDuplicateIds,
  childIds,
  type Owners,
  optionalReferences,
  placeRecords,
  plantReferences,
  type RecordTable,
  type Taken,
  transactionRetryingIdRace,
} from "./import-ids";
import { photosOf } from "./import-photos";
import {
  areaPlantingRow,
  areaRow,
  chatRows,
  harvestRow,
  journalEntryRow,
  milestoneRow,
  plantRow,
  taskRow,
  taskSkipRow,
  workflowRows,
} from "./import-rows";

type Db = Kysely<Database>;

/** What an import added, for the app to tell caches and open tabs. */
export interface ImportedChanges {
  userId: string;
  plantIds: string[];
  /** Plants that existed before and got tasks or milestones from the file. */
  touchedPlantIds: string[];
  taskIds: string[];
  chatIds: string[];
  workflowIds: string[];
}

export interface ImportDeps {
  db: Db;
  dialect: Dialect;
  zones: () => ZoneLookup;
  /** Called after the import committed. */
  imported: (changes: ImportedChanges) => void;
}

/** Message ids someone has: messages have a user, so their owners answer. */
const takenMessageIds: Taken = async (db, ids) =>
  new Set((await chatIdOwners.messages(db, ids)).keys());

/**
 * Refuses (409, nothing imported) a file that would take the gardener past the most areas or
 * checklists Tendril keeps, as adding them one by one would. Counted under the same locks as
 * those one-by-one adds, so neither can slip in between.
 */
async function checkCaps(
  trx: Db,
  dialect: Dialect,
  userId: string,
  adding: { areas: number; checklists: number },
): Promise<void> {
  const caps = [
    {
      adding: adding.areas,
      count: () => lockedAreaCount(trx, dialect, userId),
      max: MAX_AREAS,
      noun: "areas",
      advice: "Delete areas you no longer use",
    },
    {
      adding: adding.checklists,
      count: () => lockedChecklistCount(trx, dialect, userId),
      max: MAX_WORKFLOWS_PER_USER,
      noun: "checklists",
      advice: "Remove checklists you have finished",
    },
  ];
  for (const cap of caps) {
    if (cap.adding === 0) continue;
    const total = (await cap.count()) + cap.adding;
    if (total > cap.max) {
      throw new AppError(
        409,
        "conflict",
        `This file would give you ${total} ${cap.noun}, and Tendril keeps at most ${cap.max}. ${cap.advice}, then import it again.`,
      );
    }
  }
}

/**
 * API.md "import": a Tendril export brought back, all or nothing. A record whose id the gardener
 * already has is skipped (so importing a file twice adds nothing); an id that is free is kept; an
 * id another gardener has gets a new one, and the records that refer to it follow. Ids are
 * resolved in import-ids.ts, records become rows in import-rows.ts, and each table's owning
 * feature writes them; this holds the order, inside one transaction.
 */
export class ImportService {
  constructor(private readonly deps: ImportDeps) {}

  /** `reader`: the photo gate, as the request that brought the file sees it. */
  async importFile(userId: string, file: ImportFile, reader: PhotoReader): Promise<ImportResult> {
    checkDuplicateIds(file);
    // Outside the transaction: decoding photos is the slow part, and a bad one stops it all.
    const photos = await photosOf(file, reader);

    const { db, dialect, zones } = this.deps;
    const { result, changes } = await transactionRetryingIdRace(db, async (trx) => {
      // An id seen free stays free until the insert, unless another gardener's import takes it.
      await lockForUser(trx, dialect, "import", userId);
      // The gardener's plants and areas the file's records name stay until those are stored.
      await lockGarden(trx, dialect, userId);
      const place = (table: RecordTable, records: readonly { id: string }[], owners: Owners) =>
        placeRecords(
          trx,
          userId,
          table,
          records.map((r) => r.id),
          owners,
        );
      const plants = await place("plants", file.plants, gardenOwners.plants);
      const plantIdOf = await plantReferences(trx, userId, file, plants, gardenOwners.plants);
      const tasks = await place("tasks", file.tasks, gardenOwners.tasks);
      const milestones = await place("milestones", file.milestones, gardenOwners.milestones);
      const chats = await place("chats", file.chats, chatIdOwners.chats);
      const workflows = await place("workflows", file.workflows, checklistOwners);
      const areas = await place("areas", file.areas, gardenOwners.areas);
      const pastPlantings = await place(
        "area_plantings",
        file.areaPlantings,
        gardenOwners.areaPlantings,
      );
      const areaIdOf = await optionalReferences(
        trx,
        userId,
        areas,
        [
          ...file.plants.map((p) => p.areaId),
          ...file.areaPlantings.map((p) => p.areaId),
          ...file.harvests.map((h) => h.areaId),
        ].filter((id): id is string => id !== null),
        gardenOwners.areas,
      );
      const journal = await place("journal_entries", file.journal, gardenOwners.journalEntries);
      const idOf = (placed: typeof plants) => (id: string) => placed.get(id)?.id ?? id;
      const taskIdOf = idOf(tasks);
      const milestoneIdOf = idOf(milestones);
      const chatIdOf = idOf(chats);
      const workflowIdOf = idOf(workflows);

      const newAreas = file.areas.filter((a) => areas.get(a.id)?.insert);
      const newWorkflows = file.workflows.filter((w) => workflows.get(w.id)?.insert);
      await checkCaps(trx, dialect, userId, {
        areas: newAreas.length,
        checklists: newWorkflows.length,
      });

      const newPlants = file.plants.filter((p) => plants.get(p.id)?.insert);
      const harvests = await place("harvests", file.harvests, gardenOwners.harvests);
      const newHarvests = file.harvests.filter((h) => harvests.get(h.id)?.insert);
      const imageIds = new Map<ImportPlant | ImportHarvest, string>();
      const storePhotos = async <R extends ImportPlant | ImportHarvest>(
        records: readonly R[],
        photoOf: Map<R, StoredPhoto>,
      ) => {
        for (const record of records) {
          const photo = photoOf.get(record);
          if (!photo) continue;
          const createdAt = new Date().toISOString();
          imageIds.set(record, await insertImportedPhoto(trx, userId, photo, createdAt));
        }
      };
      await storePhotos(newPlants, photos.plants);
      await storePhotos(newHarvests, photos.harvests);
      const newTasks = file.tasks.filter((t) => tasks.get(t.id)?.insert);
      const newMilestones = file.milestones.filter((m) => milestones.get(m.id)?.insert);
      // A past planting whose area is neither in the file nor the gardener's has nowhere to go.
      const newPastPlantings = file.areaPlantings.flatMap((p) => {
        const placed = pastPlantings.get(p.id);
        const areaId = areaIdOf(p.areaId);
        if (!placed?.insert || areaId === null) return [];
        // The plant itself may be gone: its id is kept as it was unless the file remapped it.
        const plantId = plants.get(p.plantId)?.id ?? p.plantId;
        return [areaPlantingRow(p, userId, { id: placed.id, areaId, plantId })];
      });
      await insertImportedGarden(trx, {
        areas: newAreas.map((a) => areaRow(a, userId, areas.get(a.id)?.id ?? a.id)),
        areaPlantings: newPastPlantings,
        plants: newPlants.map((p) =>
          plantRow(p, userId, plantIdOf(p.id), imageIds.get(p) ?? null, areaIdOf(p.areaId)),
        ),
        tasks: newTasks.map((t) =>
          taskRow(t, userId, taskIdOf(t.id), t.plantId && plantIdOf(t.plantId)),
        ),
        milestones: newMilestones.map((m) =>
          milestoneRow(m, userId, milestoneIdOf(m.id), plantIdOf(m.plantId)),
        ),
        taskSkips: newTasks.flatMap(
          (t) =>
            taskSkipRow(
              t,
              userId,
              { skip: randomUUID(), task: taskIdOf(t.id) },
              new Date().toISOString(),
            ) ?? [],
        ),
      });

      // Journal entries, each photo stored as a new image with a new photo id.
      const newEntries = file.journal.filter((j) => journal.get(j.id)?.insert);
      const journalPhotoRows = [];
      for (const entry of newEntries) {
        const entryId = journal.get(entry.id)?.id ?? entry.id;
        for (const [position, photo] of (photos.journal.get(entry) ?? []).entries()) {
          const createdAt = new Date().toISOString();
          const imageId = await insertImportedPhoto(trx, userId, photo, createdAt);
          journalPhotoRows.push({
            id: randomUUID(),
            user_id: userId,
            entry_id: entryId,
            image_id: imageId,
            position,
            created_at: createdAt,
          });
        }
      }
      await insertImportedJournal(
        trx,
        newEntries.map((j) =>
          journalEntryRow(j, userId, journal.get(j.id)?.id ?? j.id, plantIdOf(j.plantId)),
        ),
        journalPhotoRows,
      );

      const newChats = file.chats.filter((c) => chats.get(c.id)?.insert);
      const chatRowsOf = chatRows(newChats, userId, {
        chat: chatIdOf,
        messages: await childIds(
          trx,
          userId,
          "messages",
          newChats.flatMap((c) => c.messages.map((m) => m.id)),
          takenMessageIds,
        ),
        plant: plantIdOf,
        task: taskIdOf,
      });
      await insertImportedChats(trx, chatRowsOf.chats, chatRowsOf.messages);

      const workflowRowsOf = workflowRows(newWorkflows, userId, {
        workflow: workflowIdOf,
        items: await childIds(
          trx,
          userId,
          "items",
          newWorkflows.flatMap((w) => w.items.map((i) => i.id)),
          takenChecklistItemIds,
        ),
      });
      await insertImportedWorkflows(trx, workflowRowsOf.workflows, workflowRowsOf.items);

      // An area a harvest names follows the file's area, or stays if it is the gardener's.
      await insertImportedHarvests(
        trx,
        newHarvests.map((h) =>
          harvestRow(h, userId, {
            id: harvests.get(h.id)?.id ?? h.id,
            plantId: h.plantId && plantIdOf(h.plantId),
            areaId: areaIdOf(h.areaId),
            imageId: imageIds.get(h) ?? null,
          }),
        ),
      );
      if (file.profile) await restoreProfile(trx, userId, file.profile, zones);

      // Each plant's next task, for the new plants and the ones that got new tasks.
      const newPlantIds = new Set(newPlants.map((p) => plantIdOf(p.id)));
      const touched = new Set<string>();
      for (const t of newTasks) if (t.plantId) touched.add(plantIdOf(t.plantId));
      for (const m of newMilestones) touched.add(plantIdOf(m.plantId));
      for (const j of newEntries) touched.add(plantIdOf(j.plantId));
      await refreshNextTasks(trx, userId, new Set([...newPlantIds, ...touched]));
      return {
        result: {
          imported: {
            plants: newPlants.length,
            tasks: newTasks.length,
            milestones: newMilestones.length,
            chats: newChats.length,
            workflows: newWorkflows.length,
            journalEntries: newEntries.length,
            areas: newAreas.length,
            harvests: newHarvests.length,
          },
        },
        changes: {
          userId,
          plantIds: [...newPlantIds],
          touchedPlantIds: [...touched].filter((id) => !newPlantIds.has(id)),
          taskIds: newTasks.map((t) => taskIdOf(t.id)),
          chatIds: newChats.map((c) => chatIdOf(c.id)),
          workflowIds: newWorkflows.map((w) => workflowIdOf(w.id)),
        } satisfies ImportedChanges,
      };
    });
    this.deps.imported(changes);
    return result;
  }
}
