import type { ErrorCode } from "../core/schemas/error";

/** An error a person can act on; the handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
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
