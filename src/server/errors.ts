import type { ErrorCode } from "../core/schemas/error";

/** An error a person can act on; the handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
    /** Sent with the error, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (what = "That record") =>
  new AppError(404, "not_found", `${what} was not found.`);

export const badRequest = (message: string, issues?: { path: string; message: string }[]) =>
  new AppError(400, "invalid_request", message, issues);

export const unauthorized = () => new AppError(401, "unauthorized", "Sign in to continue.");

export interface Issue {
  path: string;
  message: string;
}

/** zod's own messages (core/schemas/z.ts) are predicates to put after the field's name. */
const PREDICATE = /^(must|is|can) /;

/** 400 whose message names the first field at fault: "title must be text.", "Check title: …". */
export function invalidRequest(issues: Issue[]): AppError {
  const first = issues[0];
  if (!first) return badRequest("The request is not valid.", issues);
  const { path, message } = first;
  const sentence = PREDICATE.test(message)
    ? `${path || "The request body"} ${message}`
    : path
      ? `Check ${path}: ${message}`
      : message;
  return badRequest(sentence, issues);
}

/** The same 400 for a failed zod parse. */
export function fromZodError(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  return invalidRequest(
    error.issues.map((issue) => ({
      path: issue.path.map(String).join("."),
      message: issue.message,
    })),
  );
}
