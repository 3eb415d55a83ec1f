import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  name: string;
  /** The Cookie header to send on later requests. */
  cookie: string;
}

/** Joins Set-Cookie headers into one Cookie header value. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}

export async function signUp(
  app: FastifyInstance,
  input: Partial<{ email: string; password: string; name: string }> = {},
): Promise<SignedInUser> {
  const email = input.email ?? `gardener-${randomUUID()}@example.com`;
  const password = input.password ?? "correct horse battery";
  const name = input.name ?? "Test Gardener";
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    payload: { email, password, name },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return {
    id: res.json().user.id,
    email,
    password,
    name,
    cookie: cookieHeader(res.headers["set-cookie"]),
  };
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password },
  });
}
