import { parse } from "csv-parse/sync";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_AREAS } from "../src/core/schemas/area";
import { MAX_WORKFLOWS_PER_USER } from "../src/core/schemas/workflow";
import { type FakePushService, startFakePushService } from "./fakes/push-service";
import { client, shiftDate, tomatoBody, utcToday } from "./support/garden";
import { jpegPhoto, multipart, stubIdentifier } from "./support/photos";
import { tablesOf } from "./support/tables";
import {
  bothEngines,
  createTestApp,
  type TestApp,
  twoInstancesOnPostgres,
} from "./support/test-app";
import { rowsText, userRows } from "./support/user-rows";
import { type SignedInUser, signIn, signUp } from "./support/users";

const CONFIRM = { confirm: "delete my account" };

type Export = {
  format: string;
  version: number;
  exportedAt: string;
  profile: Record<string, unknown>;
  plants: { id: string; [key: string]: unknown }[];
  tasks: { id: string; plantId: string | null; [key: string]: unknown }[];
  milestones: { id: string; plantId: string; [key: string]: unknown }[];
  chats: {
    id: string;
    plantId: string | null;
    messages: { id: string }[];
    [key: string]: unknown;
  }[];
  workflows: { id: string; items: { id: string }[]; [key: string]: unknown }[];
  identifications: Record<string, unknown>[];
  areas: { id: string; [key: string]: unknown }[];
  areaPlantings: { id: string; areaId: string; plantId: string; [key: string]: unknown }[];
  journal: { id: string; plantId: string; photos: Photo[]; [key: string]: unknown }[];
};

/** A gardener with some of everything: plants with plans, tasks, a milestone, chats, a checklist. */
async function plantGarden(t: TestApp, user: SignedInUser) {
  const api = client(t.app, user.cookie);
  const ok = async (res: Awaited<ReturnType<typeof api.post>>, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const tomato = await ok(
    await api.post("/api/plants", tomatoBody({ name: "Tomato", notes: "by the wall" })),
    "tomato",
  );
  const moon = await ok(
    await api.post("/api/plants", tomatoBody({ name: "Moonflower" })),
    "moonflower",
  );
  const form = multipart(await jpegPhoto(1600, 1200));
  await ok(
    await t.app.inject({
      method: "PUT",
      url: `/api/plants/${tomato.plant.id}/photo`,
      headers: { cookie: user.cookie, ...form.headers },
      payload: form.payload,
    }),
    "tomato photo",
  );
  // A journal entry with two photos.
  const entry = await ok(
    await api.post(`/api/plants/${tomato.plant.id}/journal`, {
      date: shiftDate(utcToday(), -2),
      note: "First truss set",
      tags: ["pruned", "watered"],
    }),
    "journal entry",
  );
  for (const bytes of [await jpegPhoto(800, 600), await jpegPhoto(400, 300)]) {
    const upload = multipart(bytes);
    await ok(
      await t.app.inject({
        method: "POST",
        url: `/api/journal/${entry.entry.id}/photos`,
        headers: { cookie: user.cookie, ...upload.headers },
        payload: upload.payload,
      }),
      "journal photo",
    );
  }
  await ok(
    await api.post("/api/tasks", {
      title: 'Stake, "tie" and\nwater',
      dueDate: utcToday(),
      plantId: tomato.plant.id,
      repeatEveryDays: 7,
      notes: "=SUM(A1:A3)",
    }),
    "task on a plant",
  );
  const done = await ok(
    await api.post("/api/tasks", { title: "Buy twine", dueDate: shiftDate(utcToday(), -3) }),
    "task",
  );
  await ok(await api.post(`/api/tasks/${done.id}/complete`), "complete");
  await ok(
    await api.patch("/api/me", {
      zip: "94110",
      units: "F",
      timeZone: "America/Los_Angeles",
      reminderHour: 7,
    }),
    "profile",
  );
  // A raised bed holding the tomato, where last year's potatoes grew and were pulled (issue 26).
  const bed = await ok(
    await api.post("/api/areas", {
      name: "Back bed",
      kind: "raised-bed",
      size: { value: 20, unit: "ft2" },
      sun: "full-sun",
      covered: true,
      notes: "Against the fence",
    }),
    "area",
  );
  await ok(await api.patch(`/api/plants/${tomato.plant.id}`, { areaId: bed.area.id }), "placing");
  const potato = await ok(
    await api.post(
      "/api/plants",
      tomatoBody({
        name: "Potato",
        cropSlug: "potato",
        areaId: bed.area.id,
        plantingDate: shiftDate(utcToday(), -365),
      }),
    ),
    "potato",
  );
  expect((await api.del(`/api/plants/${potato.plant.id}`)).statusCode).toBe(204);
  // A milestone the gardener reached (written directly: the plan makes none for a catalogue plant).
  await t.database.db
    .insertInto("milestones")
    .values({
      id: `m-${user.id}`,
      user_id: user.id,
      plant_id: moon.plant.id,
      name: "First flower",
      stage: "flowering",
      date: utcToday(),
      reached_at: new Date().toISOString(),
      from_at: null,
      to_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  const chat = await ok(
    await api.post("/api/chats", { title: "Tomato", plantId: tomato.plant.id }),
    "chat",
  );
  await ok(
    await api.post("/api/gardening/chat", {
      message: "When do I water my tomato?",
      chatId: chat.id,
    }),
    "question",
  );
  const checklist = await ok(
    await api.post("/api/workflows", { template: "lawn_seed" }),
    "checklist",
  );
  await ok(
    await api.patch(`/api/workflows/${checklist.id}/items/${checklist.items[0].id}`, {
      done: true,
    }),
    "tick",
  );
  const photo = await jpegPhoto(320, 240);
  await ok(
    await api.post("/api/gardening/identify-plant", { images: [photo.toString("base64")] }),
    "identification",
  );
  return { tomato, moon, chat, checklist };
}

const exportOf = async (app: FastifyInstance, cookie: string): Promise<Export> => {
  const res = await app.inject({ method: "GET", url: "/api/export", headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

type Photo = { mimeType: string; width: number; height: number; data: string } | null;

/**
 * What an import must bring back the same: everything but the profile and identifications. A
 * photo is read again like an upload, so its picture and size come back, not its exact bytes.
 */
const garden = (file: Export) => ({
  plants: file.plants.map(({ photo, ...plant }) => ({
    ...plant,
    photo: photo ? { ...(photo as NonNullable<Photo>), data: "(the picture)" } : null,
  })),
  tasks: file.tasks,
  milestones: file.milestones,
  chats: file.chats,
  workflows: file.workflows,
  areas: file.areas,
  areaPlantings: file.areaPlantings,
  journal: file.journal.map(({ photos, ...entry }) => ({
    ...entry,
    photos: photos.map((photo) => ({ ...(photo as NonNullable<Photo>), data: "(the picture)" })),
  })),
});

/** What importing a file a second time adds. */
const NOTHING_IMPORTED = {
  plants: 0,
  tasks: 0,
  milestones: 0,
  chats: 0,
  workflows: 0,
  journalEntries: 0,
  areas: 0,
  harvests: 0,
};

const importFile = (app: FastifyInstance, cookie: string, file: unknown) =>
  app.inject({ method: "POST", url: "/api/import", headers: { cookie }, payload: file as object });

describe.each(bothEngines)("export, import and account deletion on %s", (dialect) => {
  let t: TestApp;
  let push: FakePushService;
  beforeAll(async () => {
    push = await startFakePushService();
    t = await createTestApp({
      dialect,
      overrides: { plantIdentifier: stubIdentifier(), pushAgent: push.agent },
    });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it("exports everything as a JSON attachment, plant photos as base64 WebP", async () => {
    const user = await signUp(t.app, { name: "Hazel" });
    const made = await plantGarden(t, user);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/export",
      headers: { cookie: user.cookie },
    });
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="tendril-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file: Export = res.json();
    expect(file).toMatchObject({ format: "tendril-export", version: 1 });
    expect(file.profile).toMatchObject({
      id: user.id,
      units: "F",
      zip: "94110",
      timeZone: "America/Los_Angeles",
    });
    expect(file.plants.map((p) => p.name).sort()).toEqual(["Moonflower", "Tomato"]);
    expect(file.plants[0]).not.toHaveProperty("imageUrl");
    const tomato = file.plants.find((p) => p.id === made.tomato.plant.id);
    const photo = tomato?.photo as Photo;
    expect(photo).toMatchObject({ mimeType: "image/webp", width: 1024, height: 768 });
    const decoded = await sharp(Buffer.from(photo?.data ?? "", "base64")).metadata();
    expect(decoded).toMatchObject({ format: "webp", width: 1024, height: 768 });
    expect(file.plants.find((p) => p.id === made.moon.plant.id)?.photo).toBeNull();
    expect(file.tasks.length).toBeGreaterThan(2);
    expect(file.tasks.some((task) => task.status === "completed")).toBe(true);
    expect(file.milestones).toContainEqual(
      expect.objectContaining({
        plantId: made.moon.plant.id,
        title: "First flower",
        stage: "flowering",
      }),
    );
    expect(file.chats).toHaveLength(1);
    expect(file.chats[0]?.messages.map((m) => (m as unknown as { role: string }).role)).toEqual([
      "user",
      "assistant",
    ]);
    expect(file.workflows).toEqual([
      expect.objectContaining({
        id: made.checklist.id,
        template: "lawn_seed",
        items: expect.any(Array),
      }),
    ]);
    expect(file.workflows[0]?.items[0]).toMatchObject({ done: true });
    expect(file.identifications).toHaveLength(1);
    expect(file.identifications[0]).not.toHaveProperty("imageUrl");
  });

  it("export → delete the account → sign up → import restores the same garden; importing again adds nothing", async () => {
    const user = await signUp(t.app);
    await plantGarden(t, user);
    const before = await exportOf(t.app, user.cookie);

    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/me",
      headers: { cookie: user.cookie },
      payload: CONFIRM,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const fresh = await signUp(t.app, { email: user.email, password: user.password });
    expect(fresh.id).not.toBe(user.id);
    expect((await exportOf(t.app, fresh.cookie)).plants).toEqual([]);

    const res = await importFile(t.app, fresh.cookie, before);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      imported: {
        plants: before.plants.length,
        tasks: before.tasks.length,
        milestones: before.milestones.length,
        chats: 1,
        workflows: 1,
        journalEntries: 1,
        areas: 1,
        harvests: 0,
      },
    });
    const after = await exportOf(t.app, fresh.cookie);
    expect(garden(after)).toEqual(garden(before));
    // The bed, the tomato in it and the pulled potatoes of its rotation history came back.
    expect(before.areas).toEqual([expect.objectContaining({ name: "Back bed", covered: true })]);
    expect(before.plants.find((p) => p.name === "Tomato")?.areaId).toBe(before.areas[0]?.id);
    expect(before.areaPlantings).toEqual([
      expect.objectContaining({
        plantName: "Potato",
        cropSlug: "potato",
        areaId: before.areas[0]?.id,
      }),
    ]);
    expect(after.profile).toMatchObject({
      units: "F",
      zip: "94110",
      zone: before.profile.zone,
      timeZone: "America/Los_Angeles",
      reminderHour: 7,
    });
    // The garden pages read the imported plants and tasks.
    const listed = (await client(t.app, fresh.cookie).get("/api/plants")).json().plants as {
      id: string;
      nextTaskId: string | null;
    }[];
    expect(listed.map((p) => p.id).sort()).toEqual(before.plants.map((p) => p.id).sort());
    // The photo is served again, as the same picture.
    const withPhoto = before.plants.find((p) => p.photo);
    const served = await t.app.inject({
      method: "GET",
      url: `/api/plants/${withPhoto?.id}/photo`,
      headers: { cookie: fresh.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 1024,
      height: 768,
    });

    const rows = rowsText(await userRows(t.database.db, fresh.id));
    const again = await importFile(t.app, fresh.cookie, before);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      imported: NOTHING_IMPORTED,
    });
    expect(rowsText(await userRows(t.database.db, fresh.id))).toBe(rows);
  });

  it("refuses a file with one bad record among good ones, naming it, and changes nothing", async () => {
    const owner = await signUp(t.app);
    await plantGarden(t, owner);
    const file = await exportOf(t.app, owner.cookie);
    const user = await signUp(t.app);
    await client(t.app, user.cookie).post("/api/tasks", {
      title: "Mine already",
      dueDate: utcToday(),
    });
    const rows = rowsText(await userRows(t.database.db, user.id));

    const badTitle = structuredClone(file);
    const bad = badTitle.tasks[1] as Record<string, unknown>;
    bad.title = "x".repeat(201);
    const cases: [string, unknown, RegExp][] = [
      ["a title too long", badTitle, /tasks\.1\.title/],
      [
        "a task of an unknown plant",
        {
          ...file,
          tasks: [...file.tasks, { ...file.tasks[0], id: "new-task", plantId: "no-such-plant" }],
        },
        /tasks\.\d+\.plantId/,
      ],
      [
        "two plants with one id",
        { ...file, plants: [...file.plants, file.plants[0]] },
        /plants\.2\.id/,
      ],
      [
        "a bad date",
        {
          ...file,
          plants: [{ ...file.plants[0], plantingDate: "2026-02-30" }, ...file.plants.slice(1)],
        },
        /plants\.0\.plantingDate/,
      ],
      ["not an export", { ...file, format: "something-else" }, /format/],
      ["a later version", { ...file, version: 2 }, /version/],
      [
        "a message with an odd role",
        {
          ...file,
          chats: [
            { ...file.chats[0], messages: [{ ...file.chats[0]?.messages[0], role: "system" }] },
          ],
        },
        /chats\.0\.messages\.0\.role/,
      ],
      [
        "a photo that is not base64",
        { ...file, plants: [file.plants[0], { ...file.plants[1], photo: { data: "not*base64" } }] },
        /plants\.1\.photo\.data must be base64/,
      ],
      [
        "a photo that is a text file",
        {
          ...file,
          plants: [
            file.plants[0],
            { ...file.plants[1], photo: { data: Buffer.from("my notes").toString("base64") } },
          ],
        },
        /plants\.1\.photo\.data: This file is not a photo/,
      ],
    ];
    for (const [what, body, names] of cases) {
      const res = await importFile(t.app, user.cookie, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe("invalid_request");
      expect(`${error.message} ${JSON.stringify(error.issues ?? [])}`, what).toMatch(names);
      expect(rowsText(await userRows(t.database.db, user.id)), `${what} changed nothing`).toBe(
        rows,
      );
    }
  });

  it("imports another gardener's file under new ids, references kept, twice adding nothing", async () => {
    const owner = await signUp(t.app);
    const made = await plantGarden(t, owner);
    const file = await exportOf(t.app, owner.cookie);
    const ownerRows = rowsText(await userRows(t.database.db, owner.id));
    const friend = await signUp(t.app);

    const res = await importFile(t.app, friend.cookie, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imported).toEqual({
      plants: 2,
      tasks: file.tasks.length,
      milestones: file.milestones.length,
      chats: 1,
      workflows: 1,
      journalEntries: 1,
      areas: 1,
      harvests: 0,
    });
    const copy = await exportOf(t.app, friend.cookie);
    const ownIds = new Set(
      [...file.plants, ...file.tasks, ...file.chats, ...file.workflows].map((r) => r.id),
    );
    for (const record of [
      ...copy.plants,
      ...copy.tasks,
      ...copy.chats,
      ...copy.workflows,
      ...copy.milestones,
    ]) {
      expect(ownIds.has(record.id), `${record.id} is the owner's id`).toBe(false);
    }
    const tomato = copy.plants.find((p) => p.name === "Tomato");
    const stake = copy.tasks.find((task) => String(task.title).startsWith("Stake"));
    expect(stake?.plantId).toBe(tomato?.id);
    expect(copy.chats[0]?.plantId).toBe(tomato?.id);
    expect(copy.journal[0]?.plantId).toBe(tomato?.id);
    expect(copy.journal[0]?.photos).toHaveLength(2);
    expect(file.journal.map((j) => j.id)).not.toContain(copy.journal[0]?.id);
    expect(copy.milestones.find((m) => m.title === "First flower")?.plantId).toBe(
      copy.plants.find((p) => p.name === "Moonflower")?.id,
    );
    expect(copy.plants.find((p) => p.id === tomato?.id)?.nextTaskId).not.toBeNull();
    expect(made.tomato.plant.id).not.toBe(tomato?.id);
    // The bed got a new id; the tomato and the rotation history follow it.
    const bed = copy.areas[0];
    expect(bed?.id).not.toBe(file.areas[0]?.id);
    expect(tomato?.areaId).toBe(bed?.id);
    expect(copy.areaPlantings.map((p) => p.areaId)).toEqual([bed?.id]);

    const twice = await importFile(t.app, friend.cookie, file);
    expect(twice.json()).toEqual({
      imported: NOTHING_IMPORTED,
    });
    expect(rowsText(await userRows(t.database.db, owner.id)), "the owner's rows").toBe(ownerRows);
  });

  it("refuses a file that would pass the most areas or checklists Tendril keeps, importing nothing", async () => {
    const owner = await signUp(t.app, { name: "Linden" });
    const api = client(t.app, owner.cookie);
    for (const name of ["North bed", "South bed"]) {
      const res = await api.post("/api/areas", { name, kind: "raised-bed", sun: "full-sun" });
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const template of ["lawn_seed", "lawn_seed"]) {
      expect((await api.post("/api/workflows", { template })).statusCode).toBe(201);
    }
    expect((await api.post("/api/plants", tomatoBody())).statusCode).toBe(201);
    const file = await exportOf(t.app, owner.cookie);
    const now = new Date().toISOString();
    const gardenerWith = async (areas: number, checklists: number) => {
      const user = await signUp(t.app);
      if (areas > 0) {
        await t.database.db
          .insertInto("areas")
          .values(
            Array.from({ length: areas }, (_, i) => ({
              id: `area-${i}-${user.id}`,
              user_id: user.id,
              name: `Pot ${i}`,
              kind: "container-group",
              size_m2: null,
              sun: "full-sun",
              notes: null,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }
      if (checklists > 0) {
        await t.database.db
          .insertInto("workflows")
          .values(
            Array.from({ length: checklists }, (_, i) => ({
              id: `checklist-${i}-${user.id}`,
              user_id: user.id,
              name: "Lawn from seed",
              template: "lawn_seed",
              created_at: now,
            })),
          )
          .execute();
      }
      return user;
    };

    const full = await gardenerWith(MAX_AREAS - 1, 0);
    const refused = await importFile(t.app, full.cookie, file);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(
      `This file would give you ${MAX_AREAS + 1} areas, and Tendril keeps at most ${MAX_AREAS}. Delete areas you no longer use, then import it again.`,
    );
    expect((await exportOf(t.app, full.cookie)).plants).toEqual([]);

    const busy = await gardenerWith(0, MAX_WORKFLOWS_PER_USER - 1);
    const tooMany = await importFile(t.app, busy.cookie, file);
    expect(tooMany.statusCode, tooMany.body).toBe(409);
    expect(tooMany.json().error.message).toContain(
      `${MAX_WORKFLOWS_PER_USER + 1} checklists, and Tendril keeps at most ${MAX_WORKFLOWS_PER_USER}`,
    );
    expect((await exportOf(t.app, busy.cookie)).areas).toEqual([]);

    // Exactly up to the caps is fine.
    const room = await gardenerWith(MAX_AREAS - 2, MAX_WORKFLOWS_PER_USER - 2);
    const fits = await importFile(t.app, room.cookie, file);
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json().imported).toMatchObject({ plants: 1, areas: 2, workflows: 2 });
  });

  it("carries the place and the gardener's own frost dates; a file from before places still imports", async () => {
    const owner = await signUp(t.app);
    const api = client(t.app, owner.cookie);
    const melbourne = {
      name: "Melbourne",
      admin1: "Victoria",
      country: "Australia",
      countryCode: "AU",
      latitude: -37.81,
      longitude: 144.96,
      timeZone: "Australia/Melbourne",
      postcode: null,
    };
    expect((await api.patch("/api/me", { place: melbourne })).statusCode).toBe(200);
    const own = await api.patch("/api/me/climate", { lastFrost: "09-20", firstFrost: "05-10" });
    expect(own.statusCode, own.body).toBe(200);
    const file = await exportOf(t.app, owner.cookie);
    expect(file.profile).toMatchObject({
      place: melbourne,
      location: "Melbourne, Victoria, Australia",
      frostDates: { lastFrost: "09-20", firstFrost: "05-10" },
    });

    const friend = await signUp(t.app);
    const res = await importFile(t.app, friend.cookie, file);
    expect(res.statusCode, res.body).toBe(200);
    const copy = await exportOf(t.app, friend.cookie);
    expect(copy.profile).toMatchObject({
      place: melbourne,
      timeZone: "Australia/Melbourne",
      frostDates: { lastFrost: "09-20", firstFrost: "05-10" },
    });
    const climate = await client(t.app, friend.cookie).get("/api/me/climate");
    expect(climate.json()).toMatchObject({
      source: "gardener",
      lastFrost: "09-20",
      firstFrost: "05-10",
      hemisphere: "south",
    });
    // Importing the same file again leaves the profile as it was.
    const rows = rowsText(await userRows(t.database.db, friend.id));
    expect((await importFile(t.app, friend.cookie, file)).statusCode).toBe(200);
    expect(rowsText(await userRows(t.database.db, friend.id))).toBe(rows);

    // A file written before places had neither: it imports and leaves the profile's place alone.
    const { place: _place, frostDates: _frost, ...oldProfile } = file.profile;
    const older = await importFile(t.app, friend.cookie, { ...file, profile: oldProfile });
    expect(older.statusCode, older.body).toBe(200);
    expect((await exportOf(t.app, friend.cookie)).profile).toMatchObject({
      place: melbourne,
      frostDates: { lastFrost: "09-20", firstFrost: "05-10" },
    });
    const newcomer = await signUp(t.app);
    const fresh = await importFile(t.app, newcomer.cookie, { ...file, profile: oldProfile });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await exportOf(t.app, newcomer.cookie)).profile).toMatchObject({
      place: null,
      frostDates: null,
      location: "Melbourne, Victoria, Australia",
    });

    // frostDates null goes back to the place's; a day not in every year is refused by name.
    const back = await importFile(t.app, friend.cookie, {
      ...file,
      profile: { ...file.profile, frostDates: null },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await exportOf(t.app, friend.cookie)).profile.frostDates).toBeNull();
    const bad = await importFile(t.app, friend.cookie, {
      ...file,
      profile: { ...file.profile, frostDates: { lastFrost: "02-30", firstFrost: "05-10" } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/profile\.frostDates\.lastFrost/);
  });

  it("exports plants and tasks as CSV with a header row and proper quoting", async () => {
    const user = await signUp(t.app);
    await plantGarden(t, user);
    const plants = await t.app.inject({
      method: "GET",
      url: "/api/export/plants.csv",
      headers: { cookie: user.cookie },
    });
    expect(plants.statusCode).toBe(200);
    expect(plants.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(plants.headers["content-disposition"]).toMatch(
      /^attachment; filename="tendril-plants-.*\.csv"$/,
    );
    const plantRows = parse(plants.body, { columns: true }) as Record<string, string>[];
    expect(plantRows.map((r) => r.name).sort()).toEqual(["Moonflower", "Tomato"]);
    expect(plantRows.find((r) => r.name === "Tomato")).toMatchObject({
      notes: "by the wall",
      medium: "soil",
    });

    const tasks = await t.app.inject({
      method: "GET",
      url: "/api/export/tasks.csv",
      headers: { cookie: user.cookie },
    });
    expect(tasks.body.split("\r\n")[0]).toBe(
      "id,title,plant,plantId,type,dueDate,status,priority,repeatEveryDays,notes,createdAt,completedAt",
    );
    const taskRows = parse(tasks.body, { columns: true }) as Record<string, string>[];
    const stake = taskRows.find((r) => r.title?.startsWith("Stake"));
    expect(stake).toMatchObject({
      title: 'Stake, "tie" and\nwater',
      plant: "Tomato",
      repeatEveryDays: "7",
    });
    // A formula is written so a spreadsheet shows it rather than running it.
    expect(stake?.notes).toBe("'=SUM(A1:A3)");
    expect(taskRows.find((r) => r.title === "Buy twine")).toMatchObject({
      status: "completed",
      plant: "",
    });
  });

  it("deletes every row of the gardener on every table, ends the session, and leaves others alone", async () => {
    const user = await signUp(t.app);
    await plantGarden(t, user);
    const api = client(t.app, user.cookie);
    await api.post("/api/push/subscriptions", push.browser().subscription);
    await api.get("/api/me/calendar");
    // An ntfy channel (loopback port 1: the reminder run's call fails at once, nothing listens).
    expect(
      (
        await api.post("/api/me/reminder-channels", {
          kind: "ntfy",
          url: "http://127.0.0.1:1/garden",
          token: "tk_gone",
        })
      ).statusCode,
    ).toBe(201);
    await api.patch("/api/me", { emailDigest: true });
    await api.post("/api/tasks", { title: "Due", dueDate: "2020-01-01" });
    // 15:00 in Los Angeles, the gardener's zone.
    await t.app.reminders.runOnce(new Date("2020-01-01T23:00:00Z"));
    await t.app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      payload: { email: user.email, redirectTo: "/auth" },
    });
    await api.get("/api/gardening/weather?location=Paris").catch(() => undefined);
    const other = await signUp(t.app);
    await plantGarden(t, other);
    const otherRows = rowsText(await userRows(t.database.db, other.id));
    const tables = await userTables(t);
    const counts = await rowCounts(t, tables, user.id);
    // Every kind of row the account has is there before it goes.
    for (const table of [
      "plants",
      "tasks",
      "milestones",
      "chats",
      "messages",
      "workflows",
      "workflow_items",
      "identifications",
      "images",
      "profile",
      "push_subscriptions",
      "calendar_tokens",
      "reminder_sends",
      "reminder_channels",
      "user",
      "session",
      "account",
      "verification",
    ]) {
      expect(counts[table], `${table} before`).toBeGreaterThan(0);
    }

    for (const body of [{}, { confirm: "delete my acount" }, { confirm: "DELETE MY ACCOUNT " }]) {
      const refused = await t.app.inject({
        method: "DELETE",
        url: "/api/me",
        headers: { cookie: user.cookie },
        payload: body,
      });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await rowCounts(t, tables, user.id)).toEqual(counts);

    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/me",
      headers: { cookie: user.cookie },
      payload: CONFIRM,
    });
    expect(res.statusCode, res.body).toBe(204);
    const cleared = [res.headers["set-cookie"]].flat().join("\n");
    expect(cleared).toMatch(/better-auth\.session_token=;.*Max-Age=0/);
    const left = await rowCounts(t, tables, user.id);
    expect(Object.entries(left).filter(([, n]) => n > 0)).toEqual([]);
    expect((await api.get("/api/me")).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, user.password)).statusCode).toBe(401);
    expect(rowsText(await userRows(t.database.db, other.id))).toBe(otherRows);
  });
});

/** Every table with a column naming the user, and how to count the user's rows in it. */
async function userTables(t: TestApp) {
  const byName = await tablesOf(t.database);
  const counted = new Map<string, string>();
  for (const [name, columns] of byName) {
    const column = ["user_id", "userId"].find((c) => columns.includes(c));
    if (column) counted.set(name, column);
  }
  counted.set("user", "id");
  counted.set("verification", "value");
  // Every table is either counted here or holds nobody's rows.
  const nobody = [
    "rateLimit",
    "app_settings",
    "climate_profiles",
    "kysely_migration",
    "kysely_migration_lock",
    "workflow_items",
  ];
  for (const name of byName.keys()) {
    expect(counted.has(name) || nobody.includes(name), `table ${name} is checked`).toBe(true);
  }
  return counted;
}

async function rowCounts(t: TestApp, tables: Map<string, string>, userId: string) {
  const counts: Record<string, number> = {};
  for (const [table, column] of tables) {
    const row = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(
      t.database.db,
    );
    counts[table] = Number(row.rows[0]?.n ?? 0);
  }
  const items = await sql<{
    n: number;
  }>`select count(*) as n from workflow_items where workflow_id in (select id from workflows where user_id = ${userId})`.execute(
    t.database.db,
  );
  counts.workflow_items = Number(items.rows[0]?.n ?? 0);
  return counts;
}

describe.runIf(process.env.TEST_DATABASE_URL)("account deletion with two instances", () => {
  it("ends the session on the other instance too", async () => {
    const two = await twoInstancesOnPostgres();
    try {
      const [a, b] = two.apps;
      const user = await signUp(a);
      const me = (app: FastifyInstance) =>
        app.inject({ method: "GET", url: "/api/me", headers: { cookie: user.cookie } });
      expect((await me(b)).statusCode).toBe(200);
      const res = await a.inject({
        method: "DELETE",
        url: "/api/me",
        headers: { cookie: user.cookie },
        payload: CONFIRM,
      });
      expect(res.statusCode).toBe(204);
      await expect
        .poll(async () => (await me(b)).statusCode, { timeout: 1000, interval: 25 })
        .toBe(401);
    } finally {
      await two.close();
    }
  });
});
