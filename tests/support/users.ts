import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { decodeQuotedPrintable, waitForMail } from "./outbox";

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

/**
 * Asks for a password reset as a gardener would and follows the e-mailed link: the token the
 * reset form then posts.
 */
export async function passwordResetToken(
  app: FastifyInstance,
  dataDir: string,
  email: string,
): Promise<string> {
  const request = await app.inject({
    method: "POST",
    url: "/api/auth/request-password-reset",
    payload: { email, redirectTo: "/auth" },
  });
  if (request.statusCode !== 200) throw new Error(`reset request failed: ${request.body}`);
  const mail = decodeQuotedPrintable(
    await waitForMail(
      dataDir,
      (eml) => eml.includes(`To: ${email}`) && eml.includes("Reset your Tendril password"),
    ),
  );
  const link =
    /http:\/\/localhost:3000(\/api\/auth\/reset-password\/[^\s?]+\?callbackURL=\S+)/.exec(mail);
  if (!link?.[1]) throw new Error("no reset link in the e-mail");
  const follow = await app.inject({ method: "GET", url: link[1] });
  const token = new URL(String(follow.headers.location), "http://localhost:3000").searchParams.get(
    "token",
  );
  if (follow.statusCode !== 302 || !token) throw new Error("the reset link gave no token");
  return token;
}

/**
 * Signs a new gardener up over HTTP against a running server (startServer) and returns the
 * session cookie. better-auth in production refuses a sign-up without an Origin (403
 * MISSING_OR_NULL_ORIGIN), so this one sends the server's own; `label` names the address.
 */
export async function signUpOverHttp(base: string, label: string, name = label): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({
      email: `${label}-${randomUUID()}@example.com`,
      password: "correct horse battery",
      name,
    }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return cookieHeader(res.headers.getSetCookie());
}

/** A JSON request to a running server with a session cookie, as a script sends it (no Origin). */
export function callOverHttp(
  base: string,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
