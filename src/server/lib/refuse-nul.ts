import type { FastifyReply, FastifyRequest } from "fastify";
import { badRequest } from "../errors";

/**
 * The dotted path of the first string holding a NUL character, "" for the value itself, or null.
 * PostgreSQL cannot store NUL in text at all, so such input is refused on both engines alike.
 */
export function findNul(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes("\u0000")) return at;
    const found = findNul(item, at);
    if (found !== null) return found;
  }
  return null;
}

const NUL_MESSAGE = "Text cannot contain a NUL character (\\u0000); remove it and try again.";

/** 400 naming the field (or, for a bare value, the part of the request) that holds a NUL. */
export function nulError(where: string, path: string) {
  return badRequest(`Check ${path || where}: ${NUL_MESSAGE}`, [{ path, message: NUL_MESSAGE }]);
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
    const path = findNul(value);
    if (path !== null) return done(nulError(where, path));
  }
  done();
}
