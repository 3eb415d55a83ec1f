import fc from "fast-check";
import { type ApiRoute, plausibleBody } from "./api-routes";
import { oddValues } from "./garden";

export const NUL = "\u0000";

/** Text the API must refuse or store faithfully, never fail on. */
export function oddStrings() {
  return fc.oneof(
    fc.string(),
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}${NUL}${b}`),
    fc.constantFrom(
      NUL,
      `Tomato${NUL}`,
      "x".repeat(20_000),
      "🌱".repeat(10_000),
      "é".repeat(5_001),
      " ".repeat(300),
      "\u202eotamot",
      "\ud800",
      "\ufeff",
      "Robert'); DROP TABLE tasks;--",
      "%00",
      "../../etc/passwd",
      "<script>alert(1)</script>",
      "null",
      "NaN",
      "1e309",
      "0x10",
      "٣",
      "２０２６-０５-０１",
      "2026-05-01T00:00:00Z",
    ),
  );
}

/** Any odd value a JSON field might hold. */
export function oddFieldValues() {
  return fc.oneof(
    oddValues(fc),
    oddStrings(),
    fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 31, 0.1, 3651),
  );
}

/** A query-string value, raw (it is percent-encoded when the URL is built). */
export function oddQueryValues() {
  return fc.oneof(
    oddStrings(),
    fc.constantFrom("", "0", "-1", "1.5", "501", "1e3", "true", "pending", "completed", "C"),
  );
}

/** Request bodies that are not JSON at all, sent as application/json. */
export const BROKEN_JSON = ["{", "[1,", "nul", '{"a":1}}', `{"title":"${NUL}"}`, "\ufeff{}", ""];

export type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; text: string };

export interface FuzzInput {
  params: Record<string, { real: boolean; pick: number; random: string }>;
  query: [string, string][];
  rawQuery: string;
  body: Body;
}

/** Random requests for a route: its path parameters, query and body, odd and plausible. */
export function fuzzInputs(route: ApiRoute): fc.Arbitrary<FuzzInput> {
  const fields = Object.keys(route.body?.properties ?? {});
  const base = plausibleBody(route.body);
  const fieldObjects = fields.length
    ? fc.dictionary(fc.constantFrom(...fields), oddFieldValues(), { maxKeys: fields.length })
    : fc.dictionary(fc.string(), oddFieldValues(), { maxKeys: 3 });
  const properties = route.body?.properties ?? {};
  const textFields = fields.filter((name) => JSON.stringify(properties[name]).includes('"string"'));
  const json = fc.oneof(
    oddValues(fc),
    fieldObjects,
    // A valid body with some fields odd: gets past the first checks, into the handler.
    fieldObjects.map((odd) => ({ ...base, ...odd })),
    // A valid body but for one text field (NUL, 20,000 characters, unicode): reaches the database.
    textFields.length
      ? fc
          .tuple(fc.constantFrom(...textFields), oddStrings())
          .map(([name, text]) => ({ ...base, [name]: text }))
      : fc.constant(base),
    fc.constant(base),
  );
  const body: fc.Arbitrary<Body> =
    route.method === "GET"
      ? fc.constant({ kind: "none" })
      : fc.oneof(
          { weight: 8, arbitrary: json.map((value) => ({ kind: "json" as const, value })) },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(...BROKEN_JSON)
              .map((text) => ({ kind: "raw" as const, text })),
          },
          { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
        );
  const names = route.query.map((q) => q.name);
  const key = names.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, fc.string({ maxLength: 5 }))
    : fc.string({ maxLength: 5 });
  const param = fc.record({ real: fc.boolean(), pick: fc.nat(), random: oddStrings() });
  return fc.record({
    params: fc.record(Object.fromEntries(route.pathParams.map((p) => [p, param]))),
    query: fc.array(fc.tuple(key, oddQueryValues()), { maxLength: 4 }),
    rawQuery: fc.constantFrom("", "", "", "&%", "&%zz", "&limit=%E0%A4%A", "&=x", "&&", "&status"),
    body,
  });
}
