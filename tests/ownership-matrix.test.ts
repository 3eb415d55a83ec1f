import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenMeteo, startFakeOpenMeteo } from "./fakes/open-meteo";
import {
  type ApiRoute,
  describeValue,
  discoverRoutes,
  fillPath,
  fixedParam,
  paramKind,
  plausibleBody,
  plausibleValue,
  type RecordKind,
} from "./support/api-routes";
import { tomatoBody } from "./support/garden";
import { jpegPhoto, multipart, stubIdentifier } from "./support/photos";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { rowsText, userRows } from "./support/user-rows";
import { type SignedInUser, signUp } from "./support/users";

// The matrix is built from the app's own OpenAPI document, so a route added later is covered
// without touching this file (or fails here, naming what to add, when its ids are of a new kind).
const routes = await discoverRoutes();
const idRoutes = routes.filter((r) => r.needsSession && r.pathParams.length > 0);
const kindOf = (route: ApiRoute) => {
  try {
    return Object.fromEntries(route.pathParams.map((p) => [p, paramKind(route.path, p)]));
  } catch {
    return undefined;
  }
};
const matrix = idRoutes.filter((r) => kindOf(r) !== undefined);

/** Body fields that name a record: the other gardener puts the owner's ids in them. */
const BODY_ID_FIELDS: Record<string, RecordKind> = {
  plantId: "plant",
  taskId: "task",
  chatId: "chat",
  identificationId: "identification",
  imageId: "image",
  areaId: "area",
};
/** Body fields that look like ids but name nothing the tests can create, and why. */
const NOT_RECORD_IDS: Record<string, string> = {};
const idFieldsOf = (route: ApiRoute) =>
  Object.keys(route.body?.properties ?? {}).filter((name) => /Id$/.test(name));
const bodyRefRoutes = routes.filter(
  (r) => r.needsSession && idFieldsOf(r).some((name) => name in BODY_ID_FIELDS),
);

/** Routes that exist today; the discovery must find at least these. */
const KNOWN_ID_ROUTES = [
  "GET /api/plants/{id}",
  "PATCH /api/plants/{id}",
  "DELETE /api/plants/{id}",
  "POST /api/tasks/{id}/complete",
  "POST /api/tasks/{id}/snooze",
  "POST /api/tasks/{id}/reopen",
  "POST /api/tasks/{id}/skip/undo",
  "PATCH /api/tasks/{id}",
  "DELETE /api/tasks/{id}",
  "GET /api/identifications/{id}/image",
  "PUT /api/plants/{id}/photo",
  "GET /api/plants/{id}/photo",
  "DELETE /api/plants/{id}/photo",
  "PATCH /api/workflows/{id}/items/{itemId}",
  "DELETE /api/workflows/{id}",
  "DELETE /api/me/tokens/{id}",
  "GET /api/areas/{areaId}",
  "GET /api/areas/{areaId}/check",
  "PATCH /api/areas/{areaId}",
  "DELETE /api/areas/{areaId}",
  "POST /api/plants/{plantId}/harvests",
  "GET /api/plants/{plantId}/harvests",
  "PATCH /api/harvests/{harvestId}",
  "DELETE /api/harvests/{harvestId}",
  "PUT /api/harvests/{harvestId}/photo",
  "GET /api/harvests/{harvestId}/photo",
  "DELETE /api/harvests/{harvestId}/photo",
];

describe("the ownership matrix's route discovery", () => {
  it("finds every known route that takes an id", () => {
    expect(matrix.length).toBeGreaterThan(0);
    expect(matrix.map((r) => r.label)).toEqual(expect.arrayContaining(KNOWN_ID_ROUTES));
  });

  it("finds the body fields that name a record", () => {
    expect(bodyRefRoutes.map((r) => r.label)).toEqual(expect.arrayContaining(["POST /api/tasks"]));
    const unknown = routes.flatMap((route) =>
      idFieldsOf(route)
        .filter((name) => !(name in BODY_ID_FIELDS) && !(name in NOT_RECORD_IDS))
        .map(
          (name) =>
            `${route.label}: the tests do not know what the body field ${name} names. Add it to ` +
            "BODY_ID_FIELDS in tests/ownership-matrix.test.ts (or to NOT_RECORD_IDS with a reason).",
        ),
    );
    expect(unknown, unknown.join("\n")).toEqual([]);
  });

  it("knows what every path parameter of a signed-in route names", () => {
    const unknown: string[] = [];
    for (const route of idRoutes) {
      for (const param of route.pathParams) {
        if (fixedParam(route.path, param) !== undefined) continue;
        try {
          paramKind(route.path, param);
        } catch (err) {
          unknown.push((err as Error).message);
        }
      }
    }
    expect(unknown, unknown.join("\n")).toEqual([]);
  });
});

/** The route's path with its ids, and plausible values for its required query parameters. */
function urlFor(route: ApiRoute, values: Record<string, string>): string {
  const query = route.query
    .filter((q) => q.required)
    .map((q) => `${q.name}=${encodeURIComponent(String(plausibleValue(q.name, q.schema)))}`);
  return `${fillPath(route.path, values)}${query.length ? `?${query.join("&")}` : ""}`;
}

/** Every combination of the owner's ids for a route's parameters. */
function idCombinations(route: ApiRoute, ids: Record<RecordKind, string[]>) {
  const kinds = kindOf(route) ?? {};
  let combos: Record<string, string>[] = [{}];
  for (const param of route.pathParams) {
    const kind = kinds[param] as RecordKind;
    combos = combos.flatMap((combo) => ids[kind].map((id) => ({ ...combo, [param]: id })));
  }
  return combos;
}

describe.each(bothEngines)("ownership matrix on %s", (dialect) => {
  let fake: FakeOpenMeteo;
  let t: TestApp;
  let owner: SignedInUser;
  let other: SignedInUser;
  const ids: Record<RecordKind, string[]> = {
    plant: [],
    task: [],
    chat: [],
    identification: [],
    image: [],
    workflow: [],
    workflowItem: [],
    account: [],
    apiToken: [],
    reminderChannel: [],
    area: [],
    harvest: [],
    journalEntry: [],
    journalPhoto: [],
  };
  /** The other gardener's own records, for routes that change one of theirs. */
  const otherIds: Partial<Record<RecordKind, string[]>> = {};
  let before: string;
  let photo: Buffer;
  /** The owner's push endpoint and calendar token: secrets no other gardener may see. */
  const secrets: string[] = [];

  /** A form upload, for the routes that take a photo (and only a photo). */
  class Form {
    constructor(readonly bytes: Buffer) {}
  }
  const send = (
    who: SignedInUser,
    method: ApiRoute["method"],
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse> => {
    if (body instanceof Form) {
      const form = multipart(body.bytes);
      return t.app.inject({
        method,
        url,
        headers: { cookie: who.cookie, ...form.headers },
        payload: form.payload,
      });
    }
    return t.app.inject({
      method,
      url,
      headers: { cookie: who.cookie },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };
  const created = async (res: LightMyRequestResponse, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const bodyFor = (route: ApiRoute) =>
    route.method === "GET"
      ? undefined
      : route.body
        ? plausibleBody(route.body)
        : route.bodyTypes.includes("multipart/form-data")
          ? new Form(photo)
          : undefined;

  beforeAll(async () => {
    fake = await startFakeOpenMeteo();
    photo = await jpegPhoto(320, 240);
    t = await createTestApp({
      dialect,
      env: { WEATHER_BASE_URL: fake.url, GEOCODING_BASE_URL: fake.url },
      overrides: { plantIdentifier: stubIdentifier() },
    });
    owner = await signUp(t.app, { name: "Alder" });
    other = await signUp(t.app, { name: "Birch" });
    // The owner's garden: a catalogue plant with its plan, a custom plant, a standalone task, a
    // task on a plant, a completed task, and a profile with a ZIP.
    const tomato = await created(
      await send(owner, "POST", "/api/plants", tomatoBody()),
      "owner's tomato",
    );
    const custom = await created(
      await send(
        owner,
        "POST",
        "/api/plants",
        tomatoBody({ name: "Moonflower", notes: "by the gate" }),
      ),
      "owner's custom plant",
    );
    const standalone = await created(
      await send(owner, "POST", "/api/tasks", { title: "Oil the shears", dueDate: "2026-05-01" }),
      "owner's standalone task",
    );
    const onPlant = await created(
      await send(owner, "POST", "/api/tasks", {
        title: "Stake the tomato",
        dueDate: "2026-05-02",
        plantId: tomato.plant.id,
        repeatEveryDays: 7,
      }),
      "owner's task on a plant",
    );
    const done = await created(
      await send(owner, "POST", "/api/tasks", { title: "Buy twine", dueDate: "2026-04-01" }),
      "owner's task to complete",
    );
    await created(await send(owner, "POST", `/api/tasks/${done.id}/complete`), "completing it");
    await created(
      await send(owner, "PATCH", "/api/me", { zip: "94110", units: "F" }),
      "owner's profile",
    );
    await created(
      await send(owner, "GET", "/api/gardening/weather?location=San%20Francisco"),
      "owner's cached weather",
    );
    // Two chats: one with a question and its answer, one about the tomato.
    const talk = await created(await send(owner, "POST", "/api/chats", {}), "owner's chat");
    await created(
      await send(owner, "POST", "/api/gardening/chat", {
        message: "When should I water my tomato?",
        chatId: talk.id,
      }),
      "owner's question",
    );
    const about = await created(
      await send(owner, "POST", "/api/chats", { title: "Tomato", plantId: tomato.plant.id }),
      "owner's chat about the tomato",
    );
    // An identification with its photo, and a photo on the tomato.
    const identified = await created(
      await send(owner, "POST", "/api/gardening/identify-plant", {
        images: [photo.toString("base64")],
      }),
      "owner's identification",
    );
    await created(
      await send(owner, "PUT", `/api/plants/${tomato.plant.id}/photo`, new Form(photo)),
      "owner's plant photo",
    );
    // A checklist with one item ticked, and a plant tracked from a Grow Along guide.
    const checklist = await created(
      await send(owner, "POST", "/api/workflows", { template: "coriander_seed" }),
      "owner's checklist",
    );
    await created(
      await send(owner, "PATCH", `/api/workflows/${checklist.id}/items/${checklist.items[1].id}`, {
        done: true,
      }),
      "ticking an item",
    );
    // The owner signed up first, so runs this instance: the other gardener must not see /admin.
    ids.account = [owner.id];
    ids.workflow = [checklist.id];
    ids.workflowItem = checklist.items.slice(0, 2).map((item: { id: string }) => item.id);
    const guide = await created(
      await send(owner, "POST", "/api/gardening/grow-guide", {
        plant: "Basil",
        location: "Portland, OR",
        medium: "Soil",
        gardenType: "Container",
        lighting: "Full Sun",
        experience: "Beginner",
        climate: "Temperate",
      }),
      "owner's grow guide",
    );
    const tracked = await created(
      await send(owner, "POST", "/api/plants", {
        ...tomatoBody({ name: "Basil", cropSlug: guide.cropSlug }),
        ...guide.setup,
        guide,
      }),
      "owner's tracked guide",
    );
    // A browser subscribed to reminders, and the private calendar feed.
    const endpoint = `https://push.example/owner-${owner.id}`;
    await created(
      await send(owner, "POST", "/api/push/subscriptions", {
        endpoint,
        keys: {
          p256dh:
            "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
          auth: "BTBZMqHH6r4Tts7J_aSIgg",
        },
      }),
      "owner's push subscription",
    );
    const calendar = await created(await send(owner, "GET", "/api/me/calendar"), "owner's feed");
    secrets.push(endpoint, String(calendar.url).replace(/^.*\/api\/calendar\//, ""));
    // Two API tokens, read and write: their secrets and ids are the owner's alone.
    for (const scope of ["read", "write"]) {
      const made = await created(
        await send(owner, "POST", "/api/me/tokens", { name: `Owner ${scope}`, scope }),
        `owner's ${scope} token`,
      );
      ids.apiToken.push(made.token.id);
      secrets.push(made.secret);
    }
    // An ntfy channel with its access token, and a webhook (whose URL is its secret).
    const ntfyToken = `tk_owner_${owner.id.replace(/-/g, "")}`;
    const ntfy = await created(
      await send(owner, "POST", "/api/me/reminder-channels", {
        kind: "ntfy",
        url: `http://127.0.0.1:1/owner-topic-${owner.id}`,
        token: ntfyToken,
      }),
      "owner's ntfy channel",
    );
    const webhookUrl = `http://127.0.0.1:1/owner-hook-${owner.id}`;
    const webhook = await created(
      await send(owner, "POST", "/api/me/reminder-channels", { kind: "webhook", url: webhookUrl }),
      "owner's webhook channel",
    );
    ids.reminderChannel = [ntfy.id, webhook.id];
    secrets.push(ntfyToken, webhookUrl);
    // Two harvests of the tomato, one with a photo.
    for (const harvest of [
      { date: "2026-07-01", weight: { value: 1.5, unit: "lb" }, count: null },
      { date: "2026-07-08", weight: null, count: 4, note: "Cherry ones" },
    ]) {
      const logged = await created(
        await send(owner, "POST", `/api/plants/${tomato.plant.id}/harvests`, harvest),
        "owner's harvest",
      );
      ids.harvest.push(logged.harvest.id);
    }
    await created(
      await send(owner, "PUT", `/api/harvests/${ids.harvest[0]}/photo`, new Form(photo)),
      "owner's harvest photo",
    );
    ids.identification = [identified.id];
    ids.image = (
      await t.database.db
        .selectFrom("images")
        .select("id")
        .where("user_id", "=", owner.id)
        .execute()
    ).map((row) => row.id);
    // A raised bed holding the tomato, and an indoor shelf (empty).
    const bed = await created(
      await send(owner, "POST", "/api/areas", {
        name: "Back bed",
        kind: "raised-bed",
        size: { value: 2, unit: "m2" },
        sun: "full-sun",
      }),
      "owner's bed",
    );
    const shelf = await created(
      await send(owner, "POST", "/api/areas", {
        name: "Shelf",
        kind: "indoor-shelf",
        sun: "grow-lights",
      }),
      "owner's shelf",
    );
    await created(
      await send(owner, "PATCH", `/api/plants/${tomato.plant.id}`, { areaId: bed.area.id }),
      "placing the tomato",
    );
    ids.area = [bed.area.id, shelf.area.id];
    expect(ids.image).toHaveLength(3);
    ids.chat = [talk.id, about.id];
    ids.plant = [tomato.plant.id, custom.plant.id, tracked.plant.id];
    ids.task = [standalone.id, onPlant.id, tomato.tasks[0].id, done.id];
    // A journal entry on the tomato with a photo (one entry: a photo route names the entry too).
    const entry = await created(
      await send(owner, "POST", `/api/plants/${tomato.plant.id}/journal`, {
        date: "2026-05-01",
        note: "Owner's note",
        tags: ["watered"],
      }),
      "owner's journal entry",
    );
    const journalPhoto = await created(
      await send(owner, "POST", `/api/journal/${entry.entry.id}/photos`, new Form(photo)),
      "owner's journal photo",
    );
    ids.journalEntry = [entry.entry.id];
    ids.journalPhoto = [journalPhoto.photo.id];
    // The other gardener has a garden of their own, so their lists are not empty by accident.
    const othersTomato = await created(
      await send(other, "POST", "/api/plants", tomatoBody()),
      "other's tomato",
    );
    otherIds.plant = [othersTomato.plant.id];
    await created(
      await send(other, "POST", "/api/tasks", { title: "Mine", dueDate: "2026-05-01" }),
      "other's task",
    );
    await created(
      await send(other, "POST", "/api/workflows", { template: "coriander_seed" }),
      "other's checklist",
    );
    await created(
      await send(other, "POST", "/api/areas", { name: "Mine", kind: "in-ground", sun: "shade" }),
      "other's area",
    );
    before = rowsText(await userRows(t.database.db, owner.id));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it.each(matrix.map((route) => [route.label, route] as const))(
    "%s answers another gardener 404 not_found for each of the owner's records",
    async (_label, route) => {
      const body = bodyFor(route);
      for (const values of idCombinations(route, ids)) {
        const url = urlFor(route, values);
        const res = await send(other, route.method, url, body);
        const where = `${route.method} ${url} with body ${describeValue(body)} as another gardener answered ${res.statusCode} ${res.body}`;
        expect.soft(res.statusCode, where).toBe(404);
        if (res.statusCode === 404) {
          expect.soft(res.json(), where).toEqual({
            error: { code: "not_found", message: expect.stringMatching(/\S/) },
          });
        }
      }
    },
  );

  it.each(bodyRefRoutes.map((route) => [route.label, route] as const))(
    "%s answers another gardener 404 not_found for a body naming the owner's records",
    async (_label, route) => {
      for (const field of idFieldsOf(route).filter((name) => name in BODY_ID_FIELDS)) {
        for (const id of ids[BODY_ID_FIELDS[field] as RecordKind]) {
          // A route on a record (PATCH /api/plants/{id}) is aimed at the other gardener's own.
          const own = Object.fromEntries(
            Object.entries(kindOf(route) ?? {}).map(([param, kind]) => [
              param,
              otherIds[kind]?.[0] ?? "",
            ]),
          );
          const url = fillPath(route.path, own);
          const body = { ...plausibleBody(route.body), [field]: id };
          const res = await send(other, route.method, url, body);
          const where = `${route.method} ${url} with body ${describeValue(body)} as another gardener answered ${res.statusCode} ${res.body}`;
          expect.soft(res.statusCode, where).toBe(404);
          if (res.statusCode === 404) {
            expect.soft(res.json(), where).toEqual({
              error: { code: "not_found", message: expect.stringMatching(/\S/) },
            });
          }
        }
      }
    },
  );

  it("never shows the owner's records in the other gardener's lists", async () => {
    const lists = routes.filter(
      (r) => r.needsSession && r.method === "GET" && r.pathParams.length === 0,
    );
    const urls = lists.map((r) => r.path);
    // Filters that name the owner's records, on every list that takes them.
    for (const route of lists) {
      if (route.query.some((q) => q.name === "plantId")) {
        for (const plantId of ids.plant) {
          urls.push(`${route.path}?plantId=${plantId}`);
          for (const status of ["pending", "completed"]) {
            urls.push(`${route.path}?plantId=${plantId}&status=${status}`);
          }
        }
      }
      if (route.query.some((q) => q.name === "status")) {
        urls.push(`${route.path}?status=pending`, `${route.path}?status=completed`);
      }
    }
    expect(urls).toEqual(expect.arrayContaining(["/api/plants", "/api/tasks"]));
    const ownerIds = Object.values(ids).flat();
    for (const url of urls.filter((u) => u !== "/api/events")) {
      const res = await send(other, "GET", url);
      const where = `GET ${url} as another gardener answered ${res.statusCode} ${res.body.slice(0, 2000)}`;
      expect.soft(res.statusCode, where).toBeLessThan(500);
      for (const id of [...ownerIds, ...secrets]) {
        expect
          .soft(res.body.includes(id), `${where}\nit shows the owner's record ${id}`)
          .toBe(false);
      }
    }
  });

  it("lets the other gardener's own changes (every route without ids) leave the owner's alone", async () => {
    const writes = routes.filter(
      (r) =>
        r.needsSession &&
        r.method !== "GET" &&
        r.pathParams.length === 0 &&
        // Deleting their account would sign them out of the rest of the matrix.
        r.label !== "DELETE /api/me",
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const route of writes) {
      const body = bodyFor(route);
      const res = await send(other, route.method, route.path, body);
      expect
        .soft(
          res.statusCode,
          `${route.label} with body ${describeValue(body)} as another gardener answered ${res.statusCode} ${res.body}`,
        )
        .toBeLessThan(500);
    }
  });

  it("leaves every row of the owner byte-identical after the other gardener's attempts", async () => {
    expect(rowsText(await userRows(t.database.db, owner.id))).toBe(before);
  });

  it("never places the other gardener's plants in the owner's areas", async () => {
    const placed = await t.database.db
      .selectFrom("plants")
      .select("area_id")
      .where("user_id", "=", other.id)
      .where("area_id", "in", ids.area)
      .execute();
    expect(placed).toEqual([]);
  });

  it("lets the owner make the same requests (so each 404 was about whose record it is)", async () => {
    // Reads and changes first, deletions last; tasks before the plants they may belong to, a
    // plant's photo before the plant, and a record's parts (a journal photo) before the record.
    const order = (r: ApiRoute) =>
      (r.method === "DELETE" ? 10 - r.pathParams.length : 0) +
      (Object.values(kindOf(r) ?? {}).includes("plant") ? 1 : 0) +
      (r.method === "DELETE" && /\{[^}]+\}$/.test(r.path) ? 5 : 0);
    const sorted = [...matrix].sort((x, y) => order(x) - order(y));
    for (const route of sorted) {
      const values = Object.fromEntries(
        Object.entries(kindOf(route) ?? {}).map(([param, kind]) => [param, ids[kind][0] ?? ""]),
      );
      const url = urlFor(route, values);
      const body = bodyFor(route);
      const res = await send(owner, route.method, url, body);
      expect
        .soft(
          res.statusCode,
          `${route.method} ${url} with body ${describeValue(body)} as the owner answered ${res.statusCode} ${res.body}`,
        )
        .toBeLessThan(300);
    }
  });
});
