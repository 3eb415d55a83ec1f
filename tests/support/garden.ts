import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../src/server/db/schema";

type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** inject() with the user's session cookie and, optionally, extra headers. */
export function client(app: FastifyInstance, cookie: string | null) {
  const send = (
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string, headers?: Record<string, string>) => send("GET", url, undefined, headers),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      send("POST", url, payload, headers),
    patch: (url: string, payload: unknown) => send("PATCH", url, payload),
    del: (url: string) => send("DELETE", url),
    /** Raw JSON text, for property-based bodies (any JSON value, not only objects). */
    json: (method: Method, url: string, body: unknown) =>
      app.inject({
        method,
        url,
        headers: { ...(cookie ? { cookie } : {}), "content-type": "application/json" },
        payload: JSON.stringify(body),
      }),
  };
}

export type Client = ReturnType<typeof client>;

export const utcToday = () => new Date().toISOString().slice(0, 10);

export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A valid Add Plant body: a tomato in soil, outdoors, in the sun. */
/**
 * The tests' planting date: a month ahead, so every plan task keeps its planned date (a backdated
 * planting rolls repeating tasks forward to today, which tests/plants.test.ts checks on its own).
 */
export const PLANTED = shiftDate(utcToday(), 30);

export const tomatoBody = (extra: Record<string, unknown> = {}) => ({
  name: "Tomato",
  medium: "soil",
  place: "outdoor",
  lights: "sun",
  plantingDate: PLANTED,
  ...extra,
});

/** Every plant, task and milestone row of a user, for "nothing changed" checks. */
export async function gardenRows(db: Kysely<Database>, userId: string) {
  const [plants, tasks, milestones] = await Promise.all([
    db.selectFrom("plants").selectAll().where("user_id", "=", userId).orderBy("id").execute(),
    db.selectFrom("tasks").selectAll().where("user_id", "=", userId).orderBy("id").execute(),
    db.selectFrom("milestones").selectAll().where("user_id", "=", userId).orderBy("id").execute(),
  ]);
  return { plants, tasks, milestones };
}

/** Any JSON value, or a JSON object with field names the API knows holding odd values. */
export function oddValues(fc: typeof import("fast-check").default) {
  return fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -1000, max: 1000 }),
    fc.double(),
    fc.string(),
    fc.constantFrom("", " ", "2026-02-30", "2026-13-01", "0000-01-01", "9999-12-31", "1.5", "-1"),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
  );
}
