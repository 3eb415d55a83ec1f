import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCodes } from "../src/core/schemas/error";
import { type FakeOpenMeteo, startFakeOpenMeteo } from "./fakes/open-meteo";
import {
  type ApiRoute,
  describeValue,
  discoverRoutes,
  fillPath,
  fixedParam,
  type JsonSchema,
  PUBLIC_PARAMS,
  paramKind,
  percentEncode,
  printable,
  publicParam,
  type RecordKind,
  TINY_JPEG_BASE64,
} from "./support/api-routes";
import { type Body, fuzzInputs } from "./support/fuzz-input";
import { fuzzSettings } from "./support/fuzz-settings";
import { tomatoBody } from "./support/garden";
import { multipart, stubIdentifier } from "./support/photos";
import { bothEngines, createTestApp, sqliteOnly, type TestApp } from "./support/test-app";
import { rowsText, type UserRows, userRows } from "./support/user-rows";
import { type SignedInUser, signUp } from "./support/users";

const routes = await discoverRoutes();
/**
 * 30 runs a route on a fixed seed in CI, on each database; FUZZ_RUNS=200 FUZZ_SEED=random for a
 * full search.
 */
const FUZZ = fuzzSettings(30);
// Every JSON route but the live-changes stream (it never ends), account deletion (see NOT_FUZZED)
// and better-auth's own.
const fuzzed = routes.filter(
  (r) =>
    !(r.method === "GET" && r.path === "/api/events") &&
    !(r.method === "DELETE" && r.path === "/api/me") &&
    !r.path.startsWith("/api/auth/") &&
    (r.bodyTypes.length === 0 || r.body !== undefined),
);
/** The documented routes the fuzzer leaves out, and why (checked below, so none slips out). */
const NOT_FUZZED: Record<string, string> = {
  "GET /api/events": "a live stream never ends; tests/realtime.test.ts covers it",
  "PUT /api/plants/{id}/photo":
    "takes a multipart photo only, no JSON; tests/plant-photos.test.ts sends it odd uploads",
  "PUT /api/harvests/{harvestId}/photo":
    "takes a multipart photo only, no JSON; tests/harvests.test.ts sends it odd uploads",
  "POST /api/journal/{entryId}/photos":
    "takes a multipart photo only, no JSON; tests/journal.test.ts sends it photos, a seventh and another gardener's entry",
  "DELETE /api/me":
    "its plausible body deletes the fuzzer's own account; tests/account-data.test.ts sends it wrong confirmations and checks nothing changes",
};
// Every signed-in route answers 401 without a session, multipart ones included (not the stream:
// tests/realtime.test.ts checks its 401).
const signedInOnly = routes.filter((r) => r.needsSession && r.label !== "GET /api/events");

/** better-auth's JSON routes that take a body: hidden from the OpenAPI document, so listed here. */
const authRoute = (path: string, properties: Record<string, JsonSchema>, required: string[]) =>
  ({
    method: "POST",
    path,
    label: `POST ${path}`,
    pathParams: [],
    query: [],
    body: { type: "object", properties, required },
    bodyTypes: ["application/json"],
    responseTypes: [],
    needsSession: false,
  }) satisfies ApiRoute;
const email: JsonSchema = { type: "string", format: "email" };
const password: JsonSchema = { type: "string", minLength: 8 };
const AUTH_ROUTES: ApiRoute[] = [
  authRoute(
    "/api/auth/sign-up/email",
    { name: { type: "string" }, email, password, image: { type: "string" } },
    ["name", "email", "password"],
  ),
  authRoute("/api/auth/sign-in/email", { email, password, rememberMe: { type: "boolean" } }, [
    "email",
    "password",
  ]),
  authRoute("/api/auth/update-user", { name: { type: "string" }, image: { type: "string" } }, []),
  authRoute("/api/auth/request-password-reset", { email, redirectTo: { type: "string" } }, [
    "email",
  ]),
];

/** What is wrong with a 4xx answer's body, if anything (API.md: `{ error: { code, message } }`). */
function errorBodyProblem(route: ApiRoute, body: string): string | undefined {
  let parsed: { error?: { code?: unknown; message?: unknown }; message?: unknown };
  try {
    parsed = JSON.parse(body);
  } catch {
    return "is not JSON";
  }
  // better-auth's own refusals are `{ code, message }` (API.md: its own routes and bodies).
  if (route.path.startsWith("/api/auth/") && !parsed.error) {
    return typeof parsed.message === "string" && parsed.message.trim() !== ""
      ? undefined
      : "has no message";
  }
  const error = parsed.error;
  if (typeof error?.code !== "string" || !(errorCodes as readonly string[]).includes(error.code)) {
    return "has no {error:{code}} with one of API.md's codes";
  }
  if (typeof error.message !== "string" || error.message.trim() === "") {
    return "has no {error:{message}}";
  }
  return undefined;
}

/** The reminder channel the fuzzer's id routes are aimed at: loopback, where nothing listens. */
const LOOPBACK_CHANNEL = "http://127.0.0.1:1/";

const tablesThatDiffer = (a: UserRows, b: UserRows) =>
  (Object.keys(a) as (keyof UserRows)[]).filter(
    (k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]),
  );

describe.each(bothEngines)("every JSON route under random input on %s", (dialect) => {
  let fake: FakeOpenMeteo;
  let t: TestApp;
  let user: SignedInUser;
  let baseline: UserRows;

  const inject = (method: string, url: string, cookie: string | null, body: Body) =>
    t.app.inject({
      method: method as ApiRoute["method"],
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        // As the web app sends them: better-auth checks the Origin of its state-changing routes.
        ...(url.startsWith("/api/auth/") ? { origin: t.config.publicUrl } : {}),
        ...(body.kind === "none" ? {} : { "content-type": "application/json" }),
      },
      ...(body.kind === "json" ? { payload: JSON.stringify(body.value) } : {}),
      ...(body.kind === "raw" ? { payload: body.text } : {}),
    });
  const snapshot = () => userRows(t.database.db, user.id);

  /** Keeps a plant, a task and a chat to aim real ids at (DELETE runs remove them). */
  const ensureGarden = async () => {
    if (baseline.plants.length === 0 || baseline.tasks.length === 0) {
      const res = await inject("POST", "/api/plants", user.cookie, {
        kind: "json",
        value: tomatoBody(),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    if (baseline.chats.length === 0) {
      const res = await inject("POST", "/api/chats", user.cookie, {
        kind: "json",
        value: { title: "Fuzzed chat" },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    if (baseline.workflows.length === 0) {
      const res = await inject("POST", "/api/workflows", user.cookie, {
        kind: "json",
        value: { template: "lawn_seed" },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    if (!baseline.apiTokens.some((k) => k.revoked_at === null)) {
      const res = await inject("POST", "/api/me/tokens", user.cookie, {
        kind: "json",
        value: { name: "Fuzzed token", scope: "read" },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    if (baseline.identifications.length === 0) {
      const res = await inject("POST", "/api/gardening/identify-plant", user.cookie, {
        kind: "json",
        value: { images: [TINY_JPEG_BASE64] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    if (baseline.harvests.length === 0) {
      const plantId = (await snapshot()).plants[0]?.id;
      const res = await inject("POST", `/api/plants/${plantId}/harvests`, user.cookie, {
        kind: "json",
        value: { date: "2026-07-01", weight: null, count: 3 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    if (baseline.journalPhotos.length === 0) {
      // A journal entry with a photo on the first plant (made just above if there was none).
      const plants = (await snapshot()).plants;
      const entry = await inject("POST", `/api/plants/${plants[0]?.id}/journal`, user.cookie, {
        kind: "json",
        value: { date: "2026-05-01", note: "Fuzzed entry", tags: ["fed"] },
      });
      expect(entry.statusCode, entry.body).toBe(201);
      const form = multipart(Buffer.from(TINY_JPEG_BASE64, "base64"));
      const res = await t.app.inject({
        method: "POST",
        url: `/api/journal/${entry.json().entry.id}/photos`,
        headers: { cookie: user.cookie, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    if (!baseline.reminderChannels.some((c) => c.url.startsWith(LOOPBACK_CHANNEL))) {
      // Fuzzed channels are left alone: only this one is aimed at by the id routes, so a test
      // message fails at once (nothing listens on port 1) instead of waiting on a made-up host.
      await inject("POST", "/api/me/reminder-channels", user.cookie, {
        kind: "json",
        value: { kind: "ntfy", url: `${LOOPBACK_CHANNEL}fuzz`, token: "tk_fuzz" },
      });
    }
    if (baseline.areas.length === 0) {
      const res = await inject("POST", "/api/areas", user.cookie, {
        kind: "json",
        value: { name: "Fuzzed bed", kind: "raised-bed", sun: "full-sun", size: null },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    baseline = await snapshot();
  };
  const realIds = (kind: RecordKind): string[] => {
    switch (kind) {
      case "plant":
        return baseline.plants.map((p) => p.id);
      case "task":
        return baseline.tasks.map((t) => t.id);
      case "chat":
        return baseline.chats.map((c) => c.id);
      case "identification":
        return baseline.identifications.map((i) => i.id);
      case "image":
        return baseline.images.map((i) => i.id);
      case "workflow":
        return baseline.workflows.map((w) => w.id);
      case "workflowItem":
        return baseline.workflowItems.map((i) => i.id);
      case "account":
        return [user.id];
      case "apiToken":
        return baseline.apiTokens.filter((k) => k.revoked_at === null).map((k) => k.id);
      case "area":
        return baseline.areas.map((a) => a.id);
      case "journalEntry":
        return baseline.journalEntries.map((e) => e.id);
      case "journalPhoto":
        return baseline.journalPhotos.map((p) => p.id);
      case "reminderChannel":
        return baseline.reminderChannels
          .filter((c) => c.url.startsWith(LOOPBACK_CHANNEL))
          .map((c) => c.id);
      case "harvest":
        return baseline.harvests.map((h) => h.id);
    }
  };

  beforeAll(async () => {
    fake = await startFakeOpenMeteo();
    t = await createTestApp({
      dialect,
      env: { WEATHER_BASE_URL: fake.url, GEOCODING_BASE_URL: fake.url },
      overrides: { plantIdentifier: stubIdentifier() },
    });
    user = await signUp(t.app, { name: "Fuzz" });
    // The calendar feed is fuzzed with this gardener's real token (a stale one once the rotate
    // route has run, which must answer 404 as cleanly).
    const feed = await inject("GET", "/api/me/calendar", user.cookie, { kind: "none" });
    PUBLIC_PARAMS["/api/calendar/{token}"] =
      /\/api\/calendar\/([^/]+)\.ics$/.exec(feed.json().url)?.[1] ?? "";
    baseline = await snapshot();
    await ensureGarden();
    await inject("POST", "/api/tasks", user.cookie, {
      kind: "json",
      value: { title: "Standalone", dueDate: "2026-05-01" },
    });
    baseline = await snapshot();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("fuzzes every JSON route the OpenAPI document lists", () => {
    expect(fuzzed.map((r) => r.label)).toEqual(
      expect.arrayContaining([
        "POST /api/plants",
        "PATCH /api/plants/{id}",
        "POST /api/tasks",
        "PATCH /api/tasks/{id}",
        "GET /api/tasks",
        "PATCH /api/me",
        "POST /api/gardening/identify-plant",
        "GET /api/gardening/care/{provider}",
        "POST /api/gardening/analyze-issue",
        "POST /api/gardening/reframe-identification",
        "GET /api/identifications/{id}/image",
        "DELETE /api/plants/{id}/photo",
        "POST /api/gardening/grow-guide",
        "POST /api/workflows",
        "PATCH /api/workflows/{id}/items/{itemId}",
        "DELETE /api/workflows/{id}",
        "POST /api/push/subscriptions",
        "DELETE /api/push/subscriptions",
        "POST /api/tasks/{id}/snooze",
        "POST /api/import",
        "GET /api/calendar/{token}.ics",
        "GET /api/reminders/unsubscribe",
        "POST /api/me/tokens",
        "DELETE /api/me/tokens/{id}",
        "POST /api/me/reminder-channels",
        "DELETE /api/me/reminder-channels/{id}",
        "POST /api/me/reminder-channels/{id}/test",
        "POST /api/areas",
        "GET /api/areas/{areaId}/check",
        "PATCH /api/areas/{areaId}",
        "DELETE /api/areas/{areaId}",
      ]),
    );
    const left = routes
      .filter((r) => !fuzzed.includes(r) && !r.path.startsWith("/api/auth/"))
      .map((r) => r.label);
    expect(left.sort()).toEqual(Object.keys(NOT_FUZZED).sort());
  });

  it.each([...fuzzed, ...AUTH_ROUTES].map((route) => [route.label, route] as const))(
    "%s: never 5xx; every 4xx is a JSON error with a message and changes nothing",
    async (_label, route) => {
      const details = await fc.check(
        fc.asyncProperty(fuzzInputs(route), async (input) => {
          await ensureGarden();
          const values: Record<string, string> = {};
          for (const [name, p] of Object.entries(input.params)) {
            const fixed = route.needsSession ? fixedParam(route.path, name) : undefined;
            if (fixed !== undefined) {
              values[name] = p.real ? fixed : p.random;
            } else if (!route.needsSession) {
              values[name] = p.real ? publicParam(route.path, name) : p.random;
            } else {
              const ids = realIds(paramKind(route.path, name));
              values[name] = p.real && ids.length ? (ids[p.pick % ids.length] as string) : p.random;
            }
          }
          const query = input.query
            .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
            .join("&");
          const search = `${query}${input.rawQuery}`.replace(/^&/, "");
          const url = `${fillPath(route.path, values)}${search ? `?${search}` : ""}`;
          const res: LightMyRequestResponse = await inject(
            route.method,
            url,
            user.cookie,
            input.body,
          );
          const sent =
            input.body.kind === "none"
              ? "no body"
              : input.body.kind === "raw"
                ? `raw body ${JSON.stringify(input.body.text)}`
                : `body ${describeValue(input.body.value)}`;
          const where = `${route.method} ${describeValue(url, 600)} with ${sent} answered ${res.statusCode} ${printable(res.body.slice(0, 600))}`;
          if (res.statusCode >= 500) {
            baseline = await snapshot();
            throw new Error(`a server error: ${where}`);
          }
          if (res.statusCode < 400) {
            baseline = await snapshot();
            return;
          }
          const problem = errorBodyProblem(route, res.body);
          if (problem) throw new Error(`a ${res.statusCode} whose body ${problem}: ${where}`);
          const now = await snapshot();
          if (rowsText(now) !== rowsText(baseline)) {
            const changed = tablesThatDiffer(baseline, now);
            baseline = now;
            throw new Error(`changed ${changed.join(", ")} although it answered ${where}`);
          }
        }),
        FUZZ,
      );
      // fast-check's own report repeats the whole counterexample (20,000-character strings and
      // all); the error thrown above already describes the request, shortened.
      if (details.failed) {
        const error = details.errorInstance as Error | undefined;
        expect.fail(
          `${route.label} failed after ${details.numRuns} run(s), shrunk ${details.numShrinks} time(s) ` +
            `(replay: { seed: ${details.seed}, path: "${details.counterexamplePath}" }):\n` +
            `${error?.message ?? String(details.errorInstance)}\n` +
            `input: ${describeValue(details.counterexample?.[0])}`,
        );
      }
    },
    60_000,
  );
});

// Refused before any query (no cookie, no session lookup): nothing for a second engine to check.
describe.each(sqliteOnly)("signed-out requests on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  // GET /api/events is left out: it never ends when it works (tests/realtime.test.ts checks 401).
  it.each(signedInOnly.map((route) => [route.label, route] as const))(
    "%s answers 401 unauthorized before looking at the body",
    async (_label, route) => {
      const ids = [randomUUID()];
      const bodies: (string | undefined)[] =
        route.method === "GET"
          ? [undefined]
          : [undefined, '{"title": 5}', "[1]", "{", '{"name":"\\u0000"}', "null"];
      const queries =
        route.method === "GET"
          ? ["", "?limit=-1&status=nope", "?cursor=%00&limit=x&limit=2"]
          : [""];
      for (const id of route.pathParams.length ? ids : [""]) {
        const path = fillPath(route.path, Object.fromEntries(route.pathParams.map((p) => [p, id])));
        for (const query of queries) {
          for (const body of bodies) {
            const res = await t.app.inject({
              method: route.method,
              url: `${path}${query}`,
              ...(body === undefined
                ? {}
                : { headers: { "content-type": "application/json" }, payload: body }),
            });
            const where = `${route.method} ${path}${query} without a session, body ${body === undefined ? "none" : JSON.stringify(body)}, answered ${res.statusCode} ${res.body}`;
            expect.soft(res.statusCode, where).toBe(401);
            if (res.statusCode === 401) {
              expect.soft(res.json(), where).toEqual({
                error: { code: "unauthorized", message: expect.stringMatching(/\S/) },
              });
            }
          }
        }
      }
    },
  );
});
