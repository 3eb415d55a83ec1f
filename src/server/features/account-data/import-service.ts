import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Updateable } from "kysely";
import type {
  ImportChat,
  ImportFile,
  ImportMilestone,
  ImportPlant,
  ImportProfile,
  ImportResult,
  ImportTask,
  ImportWorkflow,
} from "../../../core/schemas/data-export";
import type { Dialect } from "../../db/connection";
import type {
  ChatTable,
  Database,
  MessageTable,
  MilestoneTable,
  PlantTable,
  ProfileTable,
  TaskTable,
  WorkflowItemTable,
  WorkflowTable,
} from "../../db/schema";
import { lockForUser } from "../../db/user-lock";
import { AppError, type Issue, invalidRequest } from "../../errors";
import type { PhotoReader } from "../../lib/photos/photo-gate";
import type { CheckedPhoto, StoredPhoto } from "../../lib/photos/pipeline";
import { refreshNextTask } from "../garden/tasks-repository";
import { imageRow, insertImage } from "../photos/images-repository";
import { ensureProfile } from "../profile/repository";
import type { ZoneLookup } from "../zones/service";
import {
  type Placement,
  placeRecords,
  plantReferences,
  transactionRetryingIdRace,
  uniqueIds,
} from "./import-ids";
import { insertRows, ownersOf, takenWorkflowItemIds } from "./repository";

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

/**
 * API.md "import": a Tendril export brought back, all or nothing. A record whose id the gardener
 * already has is skipped (so importing a file twice adds nothing); an id that is free is kept; an
 * id another gardener has gets a new one, and the records that refer to it follow.
 */
export class ImportService {
  constructor(private readonly deps: ImportDeps) {}

  /** `reader`: the photo gate, as the request that brought the file sees it. */
  async importFile(userId: string, file: ImportFile, reader: PhotoReader): Promise<ImportResult> {
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
    ];
    if (problems.length > 0) throw invalidRequest(problems);
    // Outside the transaction: decoding photos is the slow part, and a bad one stops it all.
    const photos = await photosOf(file.plants, reader);

    const { db, dialect } = this.deps;
    const { result, changes } = await transactionRetryingIdRace(db, async (trx) => {
      // An id seen free stays free until the insert, unless another gardener's import takes it.
      await lockForUser(trx, dialect, "import", userId);
      const plants = await placeRecords(
        trx,
        userId,
        "plants",
        file.plants.map((p) => p.id),
      );
      const plantIdOf = await plantReferences(trx, userId, file, plants);
      const tasks = await placeRecords(
        trx,
        userId,
        "tasks",
        file.tasks.map((t) => t.id),
      );
      const milestones = await placeRecords(
        trx,
        userId,
        "milestones",
        file.milestones.map((m) => m.id),
      );
      const chats = await placeRecords(
        trx,
        userId,
        "chats",
        file.chats.map((c) => c.id),
      );
      const workflows = await placeRecords(
        trx,
        userId,
        "workflows",
        file.workflows.map((w) => w.id),
      );

      const newPlants = file.plants.filter((p) => plants.get(p.id)?.insert);
      const imageIds = new Map<ImportPlant, string>();
      for (const plant of newPlants) {
        const photo = photos.get(plant);
        if (!photo) continue;
        const imageId = randomUUID();
        await insertImage(trx, imageRow(imageId, userId, photo, new Date().toISOString()));
        imageIds.set(plant, imageId);
      }
      await insertRows(
        trx,
        "plants",
        newPlants.map((p) => ({
          ...plantRow(p, userId, plants.get(p.id)?.id ?? p.id),
          image_id: imageIds.get(p) ?? null,
        })),
      );
      const newTasks = file.tasks.filter((t) => tasks.get(t.id)?.insert);
      await insertRows(
        trx,
        "tasks",
        newTasks.map((t) =>
          taskRow(t, userId, tasks.get(t.id)?.id ?? t.id, t.plantId && plantIdOf(t.plantId)),
        ),
      );
      const newMilestones = file.milestones.filter((m) => milestones.get(m.id)?.insert);
      await insertRows(
        trx,
        "milestones",
        newMilestones.map((m) =>
          milestoneRow(m, userId, milestones.get(m.id)?.id ?? m.id, plantIdOf(m.plantId)),
        ),
      );
      const taskIdOf = (id: string) => tasks.get(id)?.id ?? id;
      const newChats = file.chats.filter((c) => chats.get(c.id)?.insert);
      await this.insertChats(trx, userId, newChats, chats, plantIdOf, taskIdOf);
      const newWorkflows = file.workflows.filter((w) => workflows.get(w.id)?.insert);
      await this.insertWorkflows(trx, userId, newWorkflows, workflows);
      if (file.profile) await this.restoreProfile(trx, userId, file.profile);

      // Each plant's next task, for the new plants and the ones that got new tasks.
      const newPlantIds = new Set(newPlants.map((p) => plants.get(p.id)?.id ?? p.id));
      const touched = new Set<string>();
      for (const t of newTasks) if (t.plantId) touched.add(plantIdOf(t.plantId));
      for (const m of newMilestones) touched.add(plantIdOf(m.plantId));
      for (const plantId of new Set([...newPlantIds, ...touched])) {
        await refreshNextTask(trx, userId, plantId);
      }
      return {
        result: {
          imported: {
            plants: newPlants.length,
            tasks: newTasks.length,
            milestones: newMilestones.length,
            chats: newChats.length,
            workflows: newWorkflows.length,
          },
        },
        changes: {
          userId,
          plantIds: [...newPlantIds],
          touchedPlantIds: [...touched].filter((id) => !newPlantIds.has(id)),
          taskIds: newTasks.map((t) => taskIdOf(t.id)),
          chatIds: newChats.map((c) => chats.get(c.id)?.id ?? c.id),
          workflowIds: newWorkflows.map((w) => workflows.get(w.id)?.id ?? w.id),
        } satisfies ImportedChanges,
      };
    });
    this.deps.imported(changes);
    return result;
  }

  private async insertChats(
    trx: Db,
    userId: string,
    chats: ImportChat[],
    placed: Map<string, Placement>,
    plantIdOf: (id: string) => string,
    taskIdOf: (id: string) => string,
  ) {
    const messages = chats.flatMap((chat) => chat.messages);
    const taken = await ownersOf(
      trx,
      "messages",
      messages.map((m) => m.id),
    );
    const messageId = uniqueIds(userId, "messages", new Set(taken.keys()));
    const chatRows: Insertable<ChatTable>[] = [];
    const messageRows: Insertable<MessageTable>[] = [];
    for (const chat of chats) {
      const id = placed.get(chat.id)?.id ?? chat.id;
      chatRows.push({
        id,
        user_id: userId,
        title: chat.title,
        plant_context_id: chat.plantId ? plantIdOf(chat.plantId) : null,
        created_at: chat.createdAt,
        updated_at: chat.updatedAt ?? chat.createdAt,
      });
      for (const message of chat.messages) {
        messageRows.push({
          id: messageId(message.id),
          chat_id: id,
          user_id: userId,
          role: message.role,
          content: message.content,
          created_at: message.createdAt,
          sources: JSON.stringify(message.sources),
          actions: JSON.stringify(
            message.actions.map((action) => ({
              ...action,
              id: taskIdOf(action.id),
              plantId: action.plantId ? plantIdOf(action.plantId) : null,
            })),
          ),
          engine: message.engine,
        });
      }
    }
    // Messages whose id is taken even after remapping (never in practice) get fresh ones.
    const stillTaken = await ownersOf(
      trx,
      "messages",
      messageRows.map((row) => row.id),
    );
    for (const row of messageRows) if (stillTaken.has(row.id)) row.id = randomUUID();
    await insertRows(trx, "chats", chatRows);
    await insertRows(trx, "messages", messageRows);
  }

  private async insertWorkflows(
    trx: Db,
    userId: string,
    workflows: ImportWorkflow[],
    placed: Map<string, Placement>,
  ) {
    const items = workflows.flatMap((w) => w.items);
    const taken = await takenWorkflowItemIds(
      trx,
      items.map((i) => i.id),
    );
    const itemId = uniqueIds(userId, "items", taken);
    const workflowRows: Insertable<WorkflowTable>[] = [];
    const itemRows: Insertable<WorkflowItemTable>[] = [];
    for (const workflow of workflows) {
      const id = placed.get(workflow.id)?.id ?? workflow.id;
      workflowRows.push({
        id,
        user_id: userId,
        name: workflow.name,
        template: workflow.template,
        created_at: workflow.createdAt,
      });
      workflow.items.forEach((item, position) => {
        itemRows.push({
          id: itemId(item.id),
          workflow_id: id,
          position,
          title: item.title,
          detail: item.detail,
          done: item.done ? 1 : 0,
        });
      });
    }
    const stillTaken = await takenWorkflowItemIds(
      trx,
      itemRows.map((row) => row.id),
    );
    for (const row of itemRows) if (stillTaken.has(row.id)) row.id = randomUUID();
    await insertRows(trx, "workflows", workflowRows);
    await insertRows(trx, "workflow_items", itemRows);
  }

  /**
   * The file's preferences; the zone comes from the ZIP, as PATCH /api/me does it. Only what
   * differs is written, so importing a file again leaves the profile row as it was.
   */
  private async restoreProfile(trx: Db, userId: string, profile: ImportProfile) {
    const now = new Date().toISOString();
    await ensureProfile(trx, userId, now);
    const current = await trx
      .selectFrom("profile")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    const changes: Updateable<ProfileTable> = {};
    if (profile.units !== undefined) changes.units = profile.units;
    if (profile.location !== undefined) changes.location = profile.location || null;
    if (profile.experience !== undefined) changes.experience = profile.experience;
    if (profile.preference !== undefined) changes.preference = profile.preference;
    if (profile.onboardingCompleted !== undefined) {
      changes.onboarding_completed = profile.onboardingCompleted ? 1 : 0;
      changes.completed_at = profile.onboardingCompleted
        ? (profile.completedAt ?? current.completed_at ?? now)
        : null;
    }
    if (profile.timeZone !== undefined) changes.time_zone = profile.timeZone;
    if (profile.reminderHour !== undefined) changes.reminder_hour = profile.reminderHour;
    if (profile.zip !== undefined) {
      const zone = profile.zip ? this.deps.zones().find(profile.zip) : undefined;
      changes.zip = profile.zip;
      changes.zone = zone?.zone ?? null;
      changes.zone_title = zone?.zonetitle ?? null;
      changes.temp_range = zone?.trange ?? null;
      changes.zone_map = zone?.map ?? null;
    }
    const differing = Object.fromEntries(
      Object.entries(changes).filter(
        ([column, value]) => current[column as keyof typeof current] !== value,
      ),
    );
    if (Object.keys(differing).length === 0) return;
    await trx
      .updateTable("profile")
      .set({ ...differing, updated_at: now })
      .where("user_id", "=", userId)
      .execute();
  }
}

/**
 * The file's plant photos, each read like an upload (type from the bytes, at most 10 MB and 40
 * megapixels, turned upright, shrunk, re-encoded without metadata), through the same gate: every
 * photo is checked before any is decoded, then they count against the sender's budget and wait
 * their turn in the decoder. One that is not a readable photo is a 400 naming the plant; one
 * too large is a 413 naming it.
 */
async function photosOf(
  plants: readonly ImportPlant[],
  reader: PhotoReader,
): Promise<Map<ImportPlant, StoredPhoto>> {
  const checked: { plant: ImportPlant; path: string; photo: CheckedPhoto }[] = [];
  const problems: Issue[] = [];
  // A photo that cannot be read is listed with the others; one too large stops the import at
  // once (413), as does a busy decoder (429) or any other failure.
  const refused = (path: string, err: unknown) => {
    if (err instanceof AppError && err.statusCode === 413) {
      throw new AppError(413, err.code, `Check ${path}: ${err.message}`, [
        { path, message: err.message },
      ]);
    }
    if (!(err instanceof AppError) || (err.statusCode !== 400 && err.statusCode !== 415)) throw err;
    problems.push({ path, message: err.message });
  };
  for (const [index, plant] of plants.entries()) {
    if (!plant.photo) continue;
    const path = `plants.${index}.photo.data`;
    const base64 = plant.photo.data.replace(/\s+/g, "");
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
      problems.push({ path, message: "must be base64 text." });
      continue;
    }
    try {
      checked.push({ plant, path, photo: await reader.check(Buffer.from(base64, "base64")) });
    } catch (err) {
      refused(path, err);
    }
  }
  if (problems.length > 0) throw invalidRequest(problems);
  reader.count(checked.length);
  const photos = new Map<ImportPlant, StoredPhoto>();
  for (const { plant, path, photo } of checked) {
    try {
      photos.set(plant, (await reader.read(photo)).stored);
    } catch (err) {
      refused(path, err);
    }
  }
  if (problems.length > 0) throw invalidRequest(problems);
  return photos;
}

function plantRow(p: ImportPlant, userId: string, id: string): Insertable<PlantTable> {
  return {
    id,
    user_id: userId,
    name: p.name,
    scientific_name: p.scientificName,
    common_name: p.commonName,
    slug: p.slug,
    crop_slug: p.cropSlug,
    source: p.source,
    medium: p.medium,
    place: p.place,
    lighting: p.lights,
    start_method: p.startMethod,
    experience: p.experience,
    planting_date: p.plantingDate,
    stage_plan: JSON.stringify(p.stagePlan),
    tips: JSON.stringify(p.tips),
    ai_plan_raw: null,
    ai_plan_version: p.aiPlanVersion,
    status: p.status,
    stage: p.stage,
    stage_started_at: p.stageStartedAt,
    next_task_id: null,
    image_path: null,
    location_place: p.location?.place ?? null,
    notes: p.notes,
    created_at: p.createdAt,
    updated_at: p.updatedAt ?? p.createdAt,
    identified_at: p.identifiedAt,
  };
}

function taskRow(
  t: ImportTask,
  userId: string,
  id: string,
  plantId: string | null,
): Insertable<TaskTable> {
  return {
    id,
    user_id: userId,
    plant_id: plantId,
    title: t.title,
    type: t.type,
    due_date: t.dueDate,
    status: t.status,
    priority: t.priority,
    notes: t.notes,
    repeat_every_days: t.repeatEveryDays,
    created_at: t.createdAt,
    completed_at: t.status === "completed" ? (t.completedAt ?? t.createdAt) : null,
  };
}

function milestoneRow(
  m: ImportMilestone,
  userId: string,
  id: string,
  plantId: string,
): Insertable<MilestoneTable> {
  const name = m.name ?? m.title ?? "";
  return {
    id,
    user_id: userId,
    plant_id: plantId,
    name,
    stage: m.stage ?? name,
    date: m.date,
    reached_at: m.reachedAt,
    from_at: m.fromAt,
    to_at: m.toAt,
    created_at: m.createdAt,
  };
}
