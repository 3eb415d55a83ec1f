import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromiumPath, saveScreenshot, VIEWPORTS } from "../tests/support/browser";
import {
  browserSuite,
  closeWithEscape,
  expectNoSeriousAxeViolations,
  outboxOf,
  type Viewport,
  WIDTHS,
  waitForText,
  waitForToastCode,
} from "./support";

describe.skipIf(!chromiumPath)("garden in Chromium", () => {
  const suite = browserSuite();

  const gardener = (viewport: Viewport = VIEWPORTS.desktop) =>
    suite.gardener("Rowan", { viewport });

  async function addPlant(page: Page, search: string, pick: string) {
    await page.getByRole("button", { name: "Add Plant" }).first().click();
    await page.getByRole("combobox", { name: "Plant", exact: true }).fill(search);
    await page.getByRole("option", { name: pick, exact: true }).click();
    await page.getByLabel("Growing medium").selectOption("soil");
    await page.getByLabel("Place").selectOption("outdoor");
    await page.getByLabel("Lights").selectOption("sun");
    await page.getByRole("dialog").getByRole("button", { name: "Add Plant" }).click();
    await waitForText(page, "Plan created. Tasks scheduled.");
  }

  const pendingTasks = async (context: BrowserContext) =>
    (await (await context.request.get("/api/tasks?status=pending&limit=500")).json()).tasks as {
      id: string;
      title: string;
      dueDate: string;
      repeatEveryDays: number | null;
    }[];

  it("adds a tomato, completes a repeating task, then deletes the plant and its tasks", async () => {
    const { context, page } = await gardener();
    await page.goto("/");
    await waitForText(page, "No plants yet. Start your first grow!");
    await addPlant(page, "toma", "Tomato");

    await waitForText(page, "Tomato");
    const tasks = await pendingTasks(context);
    expect(tasks.length).toBeGreaterThanOrEqual(4);
    const firstDue = tasks.map((t) => t.dueDate).sort()[0] ?? "";
    expect(tasks.filter((t) => t.dueDate === firstDue).length).toBeGreaterThan(0);
    const days = page.getByRole("tablist", { name: "Tasks by day" });
    await days.getByRole("tab", { name: /^Today/ }).waitFor();
    await days.getByRole("tab", { name: /^Upcoming \(7 days\)/ }).waitFor();
    await saveScreenshot(page, "home-with-plant-desktop");

    const repeating = tasks.find((t) => t.repeatEveryDays && t.dueDate <= firstDue);
    if (!repeating) throw new Error("the tomato plan has no repeating task due first");
    await page
      .getByRole("button", { name: `Done: ${repeating.title}` })
      .first()
      .click();
    await waitForText(page, "Task completed");
    await waitForText(page, /Next scheduled for/);
    const after = await pendingTasks(context);
    expect(after.some((t) => t.id === repeating.id)).toBe(false);
    expect(after.some((t) => t.title === repeating.title && t.dueDate > repeating.dueDate)).toBe(
      true,
    );

    await page
      .getByRole("link", { name: /Tomato/ })
      .first()
      .click();
    await page.waitForURL(/\/plants\/[^/]+$/);
    await waitForText(page, "Stages");
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, "plant-detail-desktop");

    await page.getByRole("button", { name: "Edit plant" }).click();
    const edit = page.getByRole("dialog", { name: "Edit plant" });
    await edit.getByLabel("Name").fill("");
    await waitForText(page, "Enter the plant's name.");
    expect(await edit.getByRole("button", { name: "Save changes" }).isDisabled()).toBe(true);
    await edit.getByLabel("Name").fill("Big Tom");
    await edit.getByLabel("Notes (optional)").fill("Staked on the south fence");
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, "plant-edit-desktop");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await waitForText(page, "Plant updated");
    await page.getByRole("heading", { name: /Big Tom/ }).waitFor();
    await waitForText(page, "Staked on the south fence");
    // Edits dropped with Escape are gone when the dialog opens again.
    await page.getByRole("button", { name: "Edit plant" }).click();
    await edit.getByLabel("Name").fill("Scratch that");
    await closeWithEscape(page, edit);
    await page.getByRole("button", { name: "Edit plant" }).click();
    await expect.poll(() => edit.getByLabel("Name").inputValue()).toBe("Big Tom");
    await closeWithEscape(page, edit);
    await page.getByRole("button", { name: "Delete plant and all tasks" }).click();
    await waitForText(page, "Delete plant and all its tasks? This can't be undone.");
    // Once deleted, the plant is not asked for again (its page would get a 404).
    const plantPath = new URL(page.url()).pathname;
    const askedAfter: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === `/api${plantPath}` && request.method() === "GET")
        askedAfter.push(request.url());
    });
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.waitForURL("**/plants");
    await waitForText(page, "No plants yet. Start your first grow!");
    expect(await pendingTasks(context)).toEqual([]);
    // The deletion's own live event would be what asks for the plant again. A plant added
    // elsewhere afterwards comes down the same ordered stream, so once it shows here every
    // earlier event has been handled: only then is "not asked again" a finding.
    const added = await context.request.post("/api/plants", {
      data: {
        name: "Windowsill mint",
        medium: "soil",
        place: "outdoor",
        lights: "sun",
        plantingDate: new Date().toISOString().slice(0, 10),
      },
      headers: { origin: suite.server.url },
    });
    expect(added.status()).toBe(201);
    await waitForText(page, "Windowsill mint");
    expect(askedAfter).toEqual([]);
    await context.close();
  });

  it("updates a second tab live", async () => {
    const { context, page } = await gardener();
    await page.goto("/");
    await waitForText(page, "No tasks due. Add a plant to auto-schedule watering/feeding.");
    const second = await context.newPage();
    await second.goto("/");
    await waitForText(second, "No tasks due. Add a plant to auto-schedule watering/feeding.");

    await page.getByRole("button", { name: "Add task" }).click();
    await page.getByLabel("Title").fill("Check the rain barrel");
    await page.getByRole("dialog").getByRole("button", { name: "Add", exact: true }).click();
    await waitForText(page, "Check the rain barrel");
    const started = Date.now();
    await waitForText(second, "Check the rain barrel");
    console.log(`second tab updated after ${Date.now() - started} ms`);
    await context.close();
  });

  it("completes a task offline, keeps it across a reload and saves it when back online", async () => {
    const { context, page } = await gardener(VIEWPORTS.mobile);
    const created = await context.request.post("/api/tasks", {
      data: { title: "Turn the compost", dueDate: new Date().toISOString().slice(0, 10) },
      headers: { origin: suite.server.url },
    });
    const task = (await created.json()) as { id: string };
    await page.goto("/");
    await waitForText(page, "Turn the compost");

    await suite.goOffline(context);
    await waitForText(page, "⚠️ You are offline. Some features may not work.");
    await page.getByRole("button", { name: "Done: Turn the compost" }).click();
    await page.getByText("Turn the compost").waitFor({ state: "detached" });
    expect(await outboxOf(page)).toMatchObject([{ kind: "complete-task", taskId: task.id }]);

    // Back on the network but with the task API still unreachable: the write waits across a reload.
    suite.allowConsole(/Offline changes will sync later/);
    await page.route("**/api/tasks/**", (route) => route.abort("internetdisconnected"));
    await context.setOffline(false);
    await page.reload();
    await waitForText(page, "My Garden");
    expect(await outboxOf(page)).not.toBeNull();

    await page.unroute("**/api/tasks/**");
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect.poll(() => outboxOf(page)).toBeNull();
    const pending = await pendingTasks(context);
    expect(pending.some((t) => t.id === task.id)).toBe(false);
    await saveScreenshot(page, "home-mobile-after-sync");
    await context.close();
  });

  const pendingTitled = async (context: BrowserContext, title: string) =>
    (await pendingTasks(context)).filter((t) => t.title === title);

  /** Adds a task through the Add task dialog while offline: it waits in the outbox. */
  async function addTaskOffline(page: Page, title: string) {
    await page.getByRole("button", { name: "Add task" }).click();
    const dialog = page.getByRole("dialog", { name: "Add task" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await waitForText(page, "Task saved offline");
    await dialog.waitFor({ state: "hidden" });
  }

  /** Opens My Garden with the Add task dialog's code and the toast's fetched, as a visit would. */
  async function openGardenOnline(page: Page) {
    await page.goto("/");
    await waitForText(page, "No plants yet. Start your first grow!");
    await page.getByRole("button", { name: "Add task" }).click();
    await page.getByRole("dialog", { name: "Add task" }).getByLabel("Title").waitFor();
    await closeWithEscape(page, page.getByRole("dialog", { name: "Add task" }));
    await waitForToastCode(page);
  }

  async function signOut(page: Page) {
    await page.goto("/settings#account");
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.waitForURL("**/auth");
  }

  async function signIn(page: Page, account: { email: string; password: string }) {
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await waitForText(page, "No plants yet. Start your first grow!");
  }

  // Issue 37 item 2: a queued write belongs to the gardener who made it.
  it("sends a task queued by one gardener only for them, never for the next one signed in here", async () => {
    suite.allowConsole(/Offline changes will sync later/, /status of 503/);
    const { context, page, account: rowan } = await gardener(VIEWPORTS.mobile);
    const sage = { email: `sage-${Date.now()}@example.com`, password: "garden password" };
    const made = await fetch(`${suite.server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: suite.server.url },
      body: JSON.stringify({ ...sage, name: "Sage" }),
    });
    expect(made.status).toBe(200);
    await openGardenOnline(page);
    const rowanId = (await (await context.request.get("/api/auth/get-session")).json()).user
      .id as string;

    await suite.goOffline(context);
    await addTaskOffline(page, "Thin the carrots");
    // Back online with Tendril failing: the replay stops at the 503 and the task waits.
    let refused = 0;
    await page.route("**/api/tasks", (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      refused += 1;
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "upstream_unavailable", message: "Busy." } }),
      });
    });
    await context.setOffline(false);
    await expect.poll(() => refused).toBeGreaterThan(0);
    expect(await outboxOf(page)).toMatchObject([
      {
        kind: "add-task",
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: { title: "Thin the carrots" },
      },
    ]);
    await signOut(page);
    // An outbox from before queues had owners names nobody: it is dropped, never sent.
    await page.evaluate(() =>
      localStorage.setItem(
        "tendril.outbox",
        JSON.stringify([
          {
            kind: "add-task",
            tempId: "offline-x",
            body: { title: "Whose leeks", dueDate: "2026-06-01" },
          },
        ]),
      ),
    );
    await page.unroute("**/api/tasks");

    await signIn(page, sage);
    await waitForText(page, "Some changes saved offline were not sent");
    expect(await page.evaluate(() => localStorage.getItem("tendril.outbox"))).toBeNull();
    // Sage's own offline task is sent once Sage is back online: the replay has run for Sage.
    await suite.goOffline(context);
    await addTaskOffline(page, "Water the beans");
    await context.setOffline(false);
    await expect.poll(async () => (await pendingTitled(context, "Water the beans")).length).toBe(1);
    await expect.poll(() => outboxOf(page)).toBeNull();
    expect((await pendingTasks(context)).map((t) => t.title)).toEqual(["Water the beans"]);
    expect(await outboxOf(page, rowanId)).toMatchObject([{ body: { title: "Thin the carrots" } }]);

    // Rowan back on this browser: Rowan's task goes out, as Rowan, once.
    await signOut(page);
    await signIn(page, rowan);
    await expect.poll(() => outboxOf(page)).toBeNull();
    expect((await pendingTasks(context)).map((t) => t.title)).toEqual(["Thin the carrots"]);
    await waitForText(page, "Thin the carrots");
    await context.close();
  });

  it("creates a task queued offline once when two tabs come back online together", async () => {
    const { context, page } = await gardener();
    await openGardenOnline(page);
    const second = await context.newPage();
    await second.goto("/");
    await waitForText(second, "No plants yet. Start your first grow!");
    const keys: (string | undefined)[] = [];
    await context.route("**/api/tasks", (route) => {
      if (route.request().method() === "POST")
        keys.push(route.request().headers()["idempotency-key"]);
      return route.fallback();
    });

    await suite.goOffline(context);
    await addTaskOffline(page, "Mulch the roses");
    await context.setOffline(false);
    await expect.poll(async () => (await pendingTitled(context, "Mulch the roses")).length).toBe(1);
    await expect.poll(() => outboxOf(page)).toBeNull();
    // Both tabs have had their chance: the other shows the task (it heard of it live).
    await waitForText(second, "Mulch the roses");
    await waitForText(page, "Mulch the roses");
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(await pendingTitled(context, "Mulch the roses")).toHaveLength(1);
    await context.close();
  });

  // One test a width, each with its own time budget.
  it.each(WIDTHS)(
    "has no serious accessibility findings on the garden pages (%s)",
    async (width, viewport) => {
      const { context, page } = await gardener(viewport);
      await page.goto("/");
      await addPlant(page, "basil", "Basil");
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `home-garden-${width}`);
      await page.goto("/plants");
      await waitForText(page, "Basil");
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `plants-${width}`);
      await context.close();
    },
  );
});
