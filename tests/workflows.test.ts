import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_WORKFLOWS_PER_USER } from "../src/core/schemas/workflow";
import { openEventStream } from "./support/event-stream";
import { type Client, client } from "./support/garden";
import { bothEngines, createTestApp, type TestApp } from "./support/test-app";
import { type SignedInUser, signUp } from "./support/users";

interface WorkflowJson {
  id: string;
  name: string;
  template: string;
  createdAt: string;
  items: { id: string; title: string; detail: string; done: boolean }[];
}

describe.each(bothEngines)("checklists (workflows) on %s", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  let api: Client;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    user = await signUp(t.app, { name: "Sorrel" });
    api = client(t.app, user.cookie);
  });
  afterAll(async () => {
    await t?.close();
  });

  const start = async (who: Client, template: string): Promise<WorkflowJson> => {
    const res = await who.post("/api/workflows", { template });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  it("answers 401 without a session", async () => {
    const anon = client(t.app, null);
    for (const res of [
      await anon.get("/api/workflows/templates"),
      await anon.get("/api/workflows"),
      await anon.post("/api/workflows", { template: "lawn_seed" }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it("lists the two templates: lawn (8 steps) and coriander (6), each step with its detail", async () => {
    const res = await api.get("/api/workflows/templates");
    expect(res.statusCode).toBe(200);
    const { templates } = res.json();
    expect(
      templates.map((tpl: { id: string; name: string; steps: unknown[] }) => [
        tpl.id,
        tpl.name,
        tpl.steps.length,
      ]),
    ).toEqual([
      ["lawn_seed", "Lawn/Grass from Seed", 8],
      ["coriander_seed", "Difficult Herb: Coriander from Seed", 6],
    ]);
    for (const tpl of templates) {
      for (const step of tpl.steps) {
        expect(step.title.length).toBeGreaterThan(5);
        expect(step.detail.length).toBeGreaterThan(60);
      }
    }
    const lawn = templates[0].steps
      .map((s: { title: string; detail: string }) => s.detail)
      .join(" ");
    expect(lawn).toMatch(/half walking up and down/);
    expect(templates[0].steps[7].title).toBe("First mow at about 7–8 cm");
    const coriander = templates[1].steps
      .map((s: { title: string; detail: string }) => `${s.title} ${s.detail}`)
      .join(" ");
    expect(coriander).toMatch(/dislikes transplanting/);
    expect(coriander).toMatch(/about 1 cm deep/);
    expect(coriander).toMatch(/every two to three weeks/);
  });

  it("starts a checklist from a template, ticks items (kept on the server) and removes it", async () => {
    const workflow = await start(api, "Coriander_Seed");
    expect(workflow).toMatchObject({
      name: "Difficult Herb: Coriander from Seed",
      template: "coriander_seed",
    });
    expect(workflow.items).toHaveLength(6);
    expect(workflow.items.every((item) => !item.done && item.detail.length > 0)).toBe(true);
    expect(workflow.items[0]?.title).toBe("Sow in cool weather, in sun");

    const [first, second] = workflow.items;
    const ticked = await api.patch(`/api/workflows/${workflow.id}/items/${second?.id}`, {
      done: true,
    });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json().items.map((item: { done: boolean }) => item.done)).toEqual([
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
    // Read back as another tab would after a reload.
    const listed = (await api.get("/api/workflows")).json().workflows as WorkflowJson[];
    const stored = listed.find((w) => w.id === workflow.id);
    expect(stored?.items.map((item) => item.done)).toEqual([
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
    const untick = await api.patch(`/api/workflows/${workflow.id}/items/${second?.id}`, {
      done: false,
    });
    expect(untick.json().items.every((item: { done: boolean }) => !item.done)).toBe(true);
    await api.patch(`/api/workflows/${workflow.id}/items/${first?.id}`, { done: true });

    const removed = await api.del(`/api/workflows/${workflow.id}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
    const after = (await api.get("/api/workflows")).json().workflows as WorkflowJson[];
    expect(after.some((w) => w.id === workflow.id)).toBe(false);
    const items = await t.database.db
      .selectFrom("workflow_items")
      .select("id")
      .where("workflow_id", "=", workflow.id)
      .execute();
    expect(items).toEqual([]);
    expect((await api.del(`/api/workflows/${workflow.id}`)).statusCode).toBe(404);
  });

  it("lists the gardener's checklists newest first", async () => {
    const gardener = client(t.app, (await signUp(t.app)).cookie);
    const lawn = await start(gardener, "lawn_seed");
    const herb = await start(gardener, "coriander_seed");
    const { workflows } = (await gardener.get("/api/workflows")).json();
    expect(workflows.map((w: WorkflowJson) => w.id)).toEqual([herb.id, lawn.id]);
    expect(workflows[1].items).toHaveLength(8);
  });

  it("refuses bad bodies with 400 and a message", async () => {
    const workflow = await start(api, "lawn_seed");
    const cases: [string, string, unknown, string][] = [
      [
        "POST",
        "/api/workflows",
        { template: "roses" },
        "Check template: Use one of: lawn_seed, coriander_seed.",
      ],
      ["POST", "/api/workflows", {}, "Check template: Choose a checklist template."],
      [
        "PATCH",
        `/api/workflows/${workflow.id}/items/${workflow.items[0]?.id}`,
        { done: "yes" },
        "done must be true or false.",
      ],
      [
        "PATCH",
        `/api/workflows/${workflow.id}/items/${workflow.items[0]?.id}`,
        {},
        "Check done: Say whether the item is done: true or false.",
      ],
    ];
    for (const [method, url, body, message] of cases) {
      const res =
        method === "POST" ? await api.post(url, body) : await api.patch(url, body as object);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    await api.del(`/api/workflows/${workflow.id}`);
  });

  it("answers 404 for another gardener's checklist or item, and for an item of another checklist", async () => {
    const mine = await start(api, "coriander_seed");
    const also = await start(api, "lawn_seed");
    const intruder = client(t.app, (await signUp(t.app)).cookie);
    const item = mine.items[0]?.id;
    for (const res of [
      await intruder.patch(`/api/workflows/${mine.id}/items/${item}`, { done: true }),
      await intruder.del(`/api/workflows/${mine.id}`),
      // My own item, named under my other checklist.
      await api.patch(`/api/workflows/${also.id}/items/${item}`, { done: true }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
    expect((await intruder.get("/api/workflows")).json().workflows).toEqual([]);
    const stored = (await api.get("/api/workflows")).json().workflows as WorkflowJson[];
    expect(stored.find((w) => w.id === mine.id)?.items.every((i) => !i.done)).toBe(true);
    await api.del(`/api/workflows/${mine.id}`);
    await api.del(`/api/workflows/${also.id}`);
  });

  it(`keeps at most ${MAX_WORKFLOWS_PER_USER} checklists per gardener: the next is 409`, async () => {
    const gardener = client(t.app, (await signUp(t.app)).cookie);
    for (let i = 0; i < MAX_WORKFLOWS_PER_USER; i++) await start(gardener, "lawn_seed");
    const res = await gardener.post("/api/workflows", { template: "lawn_seed" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("remove one"),
    });
    expect((await gardener.get("/api/workflows")).json().workflows).toHaveLength(
      MAX_WORKFLOWS_PER_USER,
    );
  });

  it(`never makes ${MAX_WORKFLOWS_PER_USER + 1} checklists from starts sent at once`, async () => {
    const gardener = client(t.app, (await signUp(t.app)).cookie);
    for (let i = 0; i < MAX_WORKFLOWS_PER_USER - 1; i++) await start(gardener, "lawn_seed");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        gardener.post("/api/workflows", { template: "coriander_seed" }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(9);
    expect((await gardener.get("/api/workflows")).json().workflows).toHaveLength(
      MAX_WORKFLOWS_PER_USER,
    );
  });

  it("streams workflow.updated on /api/events when a checklist starts, changes and goes", async () => {
    const gardener = await signUp(t.app);
    const theirs = client(t.app, gardener.cookie);
    const stream = await openEventStream(`${base}/api/events`, gardener.cookie);
    try {
      expect(stream.status).toBe(200);
      const workflow = await start(theirs, "coriander_seed");
      await theirs.patch(`/api/workflows/${workflow.id}/items/${workflow.items[2]?.id}`, {
        done: true,
      });
      await theirs.del(`/api/workflows/${workflow.id}`);
      const event = { event: "workflow.updated", data: { id: workflow.id } };
      expect(await stream.waitFor(3)).toEqual([event, event, event]);
    } finally {
      stream.close();
    }
  });
});
