import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { PLANTED } from "./garden";
import { createTestApp } from "./test-app";

/** The slice of JSON Schema that fastify-type-provider-zod writes into the OpenAPI document. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface QueryParam {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** One documented API route, as the OpenAPI document at /api/openapi.json describes it. */
export interface ApiRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI form: /api/plants/{id} */
  path: string;
  /** "PATCH /api/plants/{id}", for test names and messages. */
  label: string;
  pathParams: string[];
  query: QueryParam[];
  /** The application/json request body's schema, when the route takes one. */
  body: JsonSchema | undefined;
  /** Every request content type the route documents ([] without a body). */
  bodyTypes: string[];
  /** Content types of its 2xx answers, as documented. */
  responseTypes: string[];
  needsSession: boolean;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/**
 * API.md Conventions: every route under /api needs a session except these (plus /api/app-config,
 * the web app's start-up settings; the calendar feed, whose URL token is the secret; and the
 * e-mail digest's unsubscribe link, whose token is the secret and which mail clients POST to
 * without a session, RFC 8058).
 */
export function isPublicPath(path: string): boolean {
  return (
    [
      "/api/health",
      "/api/ready",
      "/api/openapi.json",
      "/api/app-config",
      // Signed-out chat (local chats): the built-in engine, rate-limited per address.
      "/api/gardening/chat/anonymous",
      "/api/reminders/unsubscribe",
      // Choosing where one gardens comes before signing up is finished (onboarding).
      "/api/places",
    ].includes(path) ||
    ["/api/auth/", "/api/zones/", "/api/catalogue/", "/api/calendar/"].some((prefix) =>
      path.startsWith(prefix),
    )
  );
}

/** Every documented (non-hidden) route of a running app, read from its OpenAPI document. */
export async function apiRoutes(app: FastifyInstance): Promise<ApiRoute[]> {
  const res = await app.inject({ method: "GET", url: "/api/openapi.json" });
  if (res.statusCode !== 200) {
    throw new Error(`GET /api/openapi.json answered ${res.statusCode}: ${res.body}`);
  }
  const doc = res.json() as { paths?: Record<string, Record<string, Operation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const lower of METHODS) {
      const op = operations[lower];
      if (!op) continue;
      const method = lower.toUpperCase() as ApiRoute["method"];
      const content = op.requestBody?.content ?? {};
      const responseTypes = Object.entries(op.responses ?? {})
        .filter(([status]) => status.startsWith("2"))
        .flatMap(([, response]) => Object.keys(response.content ?? {}));
      routes.push({
        method,
        path,
        label: `${method} ${path}`,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string),
        query: (op.parameters ?? [])
          .filter((p) => p.in === "query")
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: !!p.required })),
        body: content["application/json"]?.schema,
        bodyTypes: Object.keys(content),
        responseTypes,
        needsSession: !isPublicPath(path),
      });
    }
  }
  return routes;
}

/**
 * The routes of a freshly built app, for test files that make one test per route: vitest collects
 * tests before any hook runs, so the file awaits this at its top level.
 */
export async function discoverRoutes(): Promise<ApiRoute[]> {
  const t = await createTestApp();
  try {
    return await apiRoutes(t.app);
  } finally {
    await t.close();
  }
}

export type RecordKind =
  | "plant"
  | "task"
  | "chat"
  | "identification"
  | "image"
  | "workflow"
  | "workflowItem"
  /** An account itself: the operator's /admin routes name one (issue 25). */
  | "account"
  | "apiToken"
  | "reminderChannel"
  /** A bed or area (issue 26). */
  | "area"
  | "harvest"
  | "journalEntry"
  | "journalPhoto";

/**
 * Which kind of a gardener's record each path parameter names, keyed by the path up to and
 * including the parameter. A route below one of these ("/api/tasks/{id}/snooze") is covered
 * automatically; a new family of routes needs its line here (and a record of that kind in the
 * tests' gardens) — until then the ownership matrix and the fuzzer fail and say so.
 */
export const ID_PARAMS: Record<string, RecordKind> = {
  "/api/plants/{id}": "plant",
  "/api/tasks/{id}": "task",
  "/api/chats/{id}": "chat",
  "/api/identifications/{id}": "identification",
  "/api/workflows/{id}": "workflow",
  "/api/workflows/{id}/items/{itemId}": "workflowItem",
  "/api/admin/accounts/{id}": "account",
  "/api/me/tokens/{id}": "apiToken",
  "/api/me/reminder-channels/{id}": "reminderChannel",
  "/api/areas/{areaId}": "area",
  "/api/plants/{plantId}": "plant",
  "/api/harvests/{harvestId}": "harvest",
  "/api/journal/{entryId}": "journalEntry",
  "/api/journal/{entryId}/photos/{photoId}": "journalPhoto",
  "/api/journal/photos/{photoId}": "journalPhoto",
};

/**
 * Path parameters of signed-in routes that name no one's record, with a real value each: the
 * ownership matrix leaves these routes out and the fuzzer aims at the value or at random text.
 */
export const FIXED_PARAMS: Record<string, string> = {
  "/api/gardening/care/{provider}": "catalogue",
};

/** Real values for the path parameters of routes that need no session (not anyone's records). */
export const PUBLIC_PARAMS: Record<string, string> = {
  "/api/zones/{zip}": "94110",
  "/api/catalogue/crops/{slug}": "tomato",
  // Nobody's feed; tests/fuzz-routes.test.ts puts its gardener's real token here.
  "/api/calendar/{token}": "no-such-calendar-token",
};

function upToParam(path: string, param: string): string {
  const at = path.indexOf(`{${param}}`);
  return path.slice(0, at + param.length + 2);
}

/** The fixed value of a signed-in route's parameter that names no record, if it is one. */
export function fixedParam(path: string, param: string): string | undefined {
  return FIXED_PARAMS[upToParam(path, param)];
}

/** The record kind a path parameter names; throws a message saying what to add when unknown. */
export function paramKind(path: string, param: string): RecordKind {
  const key = upToParam(path, param);
  const kind = ID_PARAMS[key];
  if (!kind) {
    throw new Error(
      `${path}: the tests do not know what {${param}} names. Add "${key}": "<record kind>" to ` +
        "ID_PARAMS in tests/support/api-routes.ts (and create such a record in the ownership " +
        "matrix's and the fuzzer's gardens), so this route is checked for ownership and fuzzed " +
        "(or to FIXED_PARAMS, with a real value, when it names no one's record).",
    );
  }
  return kind;
}

/** The fixed value for a public route's path parameter; throws when there is none. */
export function publicParam(path: string, param: string): string {
  const key = upToParam(path, param);
  const value = PUBLIC_PARAMS[key];
  if (value === undefined) {
    throw new Error(
      `${path}: no value for {${param}}. Add "${key}": "<a real value>" to PUBLIC_PARAMS in ` +
        "tests/support/api-routes.ts.",
    );
  }
  return value;
}

/**
 * encodeURIComponent, except that it never throws: text with a lone surrogate half goes as the
 * UTF-8 bytes Node would send for it (the replacement character).
 */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(Buffer.from(text, "utf8").toString("utf8"));
  }
}

/** The URL of a route with its path parameters filled in (each one percent-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return percentEncode(value);
  });
}

/** Values the schema cannot tell (a date is only `type: string` once zod's refinements go). */
/** A real photo (a 32×24 JPEG), so a fuzzed identification gets past the photo checks. */
export const TINY_JPEG_BASE64 =
  "/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAYACADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAQF/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AmAQskAAAAAB//9k=";

const PLAUSIBLE_BY_NAME: Record<string, unknown> = {
  images: [TINY_JPEG_BASE64],
  zip: "94110",
  plantingDate: PLANTED,
  dueDate: PLANTED,
  date: PLANTED,
  cropSlug: "tomato",
  // GET /api/areas/{areaId}/check?crop=
  crop: "tomato",
  timeZone: "Europe/London",
  email: "gardener@example.com",
  template: "lawn_seed",
  // A reminder channel's URL: loopback, which the test apps allow; nothing listens on port 1, so
  // a test message fails at once without leaving the machine.
  url: "http://127.0.0.1:1/tendril-garden",
  // A harvest's weight: the schema's minimum (0, exclusive) would be refused.
  weight: { value: 250, unit: "g" },
};

function sampleMatching(pattern: string): string {
  return fc.sample(fc.stringMatching(new RegExp(pattern)), { numRuns: 1, seed: 42 })[0] ?? "";
}

/** A value a person would plausibly send for this field. */
export function plausibleValue(name: string, schema: JsonSchema): unknown {
  if (name in PLAUSIBLE_BY_NAME) return PLAUSIBLE_BY_NAME[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    return plausibleValue(name, variants.find((v) => v.type !== "null") ?? variants[0] ?? {});
  }
  if (schema.allOf?.length) return plausibleValue(name, Object.assign({}, ...schema.allOf));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "boolean":
      return true;
    case "integer":
    case "number":
      return (
        schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1)
      );
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        plausibleValue(name, schema.items ?? {}),
      );
    case "object":
      return plausibleBody(schema);
    default: {
      if (schema.format === "date") return PLANTED;
      if (schema.format === "date-time") return new Date().toISOString();
      if (schema.format === "email") return "gardener@example.com";
      if (schema.format === "uri") return "https://example.com/";
      if (schema.pattern) return sampleMatching(schema.pattern);
      const text = `Plausible ${name}`.padEnd(schema.minLength ?? 0, "x");
      return text.slice(0, schema.maxLength ?? text.length);
    }
  }
}

/**
 * A minimal valid body: the required fields with plausible values, or — when nothing is
 * required (a PATCH) — the first field, so the request asks for a real change.
 */
export function plausibleBody(schema: JsonSchema | undefined): Record<string, unknown> {
  const properties = schema?.properties ?? {};
  const names = schema?.required?.length ? schema.required : Object.keys(properties).slice(0, 1);
  return Object.fromEntries(
    names.map((name) => [name, plausibleValue(name, properties[name] ?? {})]),
  );
}

/** Control characters (NUL among them) escaped, so a message prints. */
export function printable(text: string): string {
  return Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, "0")}` : c;
  }).join("");
}

/** Shortens long strings so a failing input fits in a message. */
export function describeValue(value: unknown, max = 2000): string {
  const text = JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "string" && v.length > 80
      ? `${v.slice(0, 40)}…<${v.length} chars>…${v.slice(-10)}`
      : v,
  );
  if (text === undefined) return String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
