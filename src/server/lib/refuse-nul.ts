import type { FastifyReply, FastifyRequest } from "fastify";
import { type AppError, badRequest } from "../errors";

/**
 * How deeply a request's JSON may nest. No real payload goes past about 6 levels; zod, the
 * serializer and this check would otherwise recurse once per level and overflow the stack.
 */
export const MAX_NESTING = 64;

/** findNul's answer for a value nested more than MAX_NESTING levels. */
export const TOO_DEEP = Symbol("too deep");

/**
 * The dotted path of the first string holding a NUL character, "" for the value itself, null, or
 * TOO_DEEP. PostgreSQL cannot store NUL in text at all, so such input is refused on both engines
 * alike. Walks with its own stack, not recursion, so no nesting can overflow the call stack.
 */
export function findNul(value: unknown, maxNesting = MAX_NESTING): string | null | typeof TOO_DEEP {
  const stack: { value: unknown; key: string; path: string; depth: number }[] = [
    { value, key: "", path: "", depth: 0 },
  ];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, key, path, depth } = next;
    if (key.includes("\u0000")) return path;
    if (typeof item === "string") {
      if (item.includes("\u0000")) return path;
      continue;
    }
    if (item === null || typeof item !== "object") continue;
    if (depth === maxNesting) return TOO_DEEP;
    // Pushed last to first, so fields are looked at in order and the first NUL is the one named.
    const entries = Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [field, child] = entries[i] as [string, unknown];
      const at = path ? `${path}.${field}` : field;
      stack.push({ value: child, key: field, path: at, depth: depth + 1 });
    }
  }
  return null;
}

const NUL_MESSAGE = "Text cannot contain a NUL character (\\u0000); remove it and try again.";

/** 400 naming the field (or, for a bare value, the part of the request) that holds a NUL. */
export function nulError(where: string, path: string) {
  return badRequest(`Check ${path || where}: ${NUL_MESSAGE}`, [{ path, message: NUL_MESSAGE }]);
}

/** The 400 for what findNul found in `value` (from `where`, e.g. "the body"), or null if nothing. */
export function unsafeInputError(where: string, value: unknown): AppError | null {
  const found = findNul(value);
  if (found === TOO_DEEP) {
    return badRequest(`The request body is nested too deeply (more than ${MAX_NESTING} levels).`);
  }
  return found === null ? null : nulError(where, found);
}

/** preValidation for every route: one place that refuses NUL in the path, the query or the body. */
export function refuseNul(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
) {
  for (const [where, value] of [
    ["the address", request.params],
    ["the query", request.query],
    ["the body", request.body],
  ] as const) {
    // A GET has no body: nothing to walk.
    if (value === undefined) continue;
    const error = unsafeInputError(where, value);
    if (error) return done(error);
  }
  done();
}
