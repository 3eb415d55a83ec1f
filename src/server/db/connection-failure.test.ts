import { describe, expect, it } from "vitest";
import { describeConnectionFailure, isLostConnection } from "./connection-failure";

const URL = "postgres://gardener:s3cret-pw@db.example.org:5433/tendril";

/** An error shaped as pg or node gives it (code, and for sockets the address). */
const failure = (message: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), fields);

const lineFor = (err: unknown, url = URL) => describeConnectionFailure(err, url);

describe("describeConnectionFailure", () => {
  it.each([
    [
      "connection refused",
      failure("connect ECONNREFUSED 10.0.0.5:5433", { code: "ECONNREFUSED", syscall: "connect" }),
      "DATABASE_URL: cannot connect to PostgreSQL at db.example.org:5433 (connection refused). Check the host and port, and that PostgreSQL is running.",
    ],
    [
      "unknown host",
      failure("getaddrinfo ENOTFOUND db.example.org", { code: "ENOTFOUND" }),
      "DATABASE_URL: cannot connect to PostgreSQL at db.example.org:5433 (host name not found). Check the host name.",
    ],
    [
      "unreachable host",
      failure("connect EHOSTUNREACH 10.0.0.5:5433", { code: "EHOSTUNREACH" }),
      "DATABASE_URL: cannot connect to PostgreSQL at db.example.org:5433 (host unreachable). Check the host, and the network or firewall.",
    ],
    [
      "no answer (pg's connection timeout)",
      failure("timeout expired"),
      "DATABASE_URL: cannot connect to PostgreSQL at db.example.org:5433 (no answer within 10 s). Check the host and port, and any firewall in between.",
    ],
    [
      "unknown database (3D000)",
      failure('database "tendril" does not exist', { code: "3D000" }),
      'DATABASE_URL: PostgreSQL at db.example.org:5433 has no database "tendril". Create it (createdb tendril) or fix the database name in the URL.',
    ],
    [
      "wrong password (28P01)",
      failure('password authentication failed for user "gardener"', { code: "28P01" }),
      'DATABASE_URL: PostgreSQL at db.example.org:5433 refused the password of user "gardener". Check the user name and password.',
    ],
    [
      "unknown role (28000)",
      failure('role "gardener" does not exist', { code: "28000" }),
      'DATABASE_URL: PostgreSQL at db.example.org:5433 refused user "gardener" (role "gardener" does not exist). Check the user name, and that pg_hba.conf lets it connect from here.',
    ],
    [
      "SSL asked of a server without it",
      failure("The server does not support SSL connections"),
      "DATABASE_URL: PostgreSQL at db.example.org:5433 does not support SSL connections. Remove sslmode from the URL (or set sslmode=disable), or turn SSL on in PostgreSQL.",
    ],
    [
      "an untrusted certificate",
      failure("self-signed certificate", { code: "DEPTH_ZERO_SELF_SIGNED_CERT" }),
      "DATABASE_URL: the SSL connection to PostgreSQL at db.example.org:5433 failed (self-signed certificate). Check sslmode, and sslrootcert for a private certificate authority.",
    ],
    [
      "too many connections (53300)",
      failure("sorry, too many clients already", { code: "53300" }),
      "DATABASE_URL: PostgreSQL at db.example.org:5433 is not taking connections now (sorry, too many clients already). Try again in a moment; if it lasts, see the PostgreSQL server's log.",
    ],
  ])("%s: one line naming DATABASE_URL, where and what to check", (_case, err, line) => {
    expect(lineFor(err)).toBe(line);
  });

  it("never shows the password, whatever the failure", () => {
    for (const code of ["ECONNREFUSED", "3D000", "28P01", "28000", "08006", undefined]) {
      const line = lineFor(failure("connection failed", { code }));
      expect(line ?? "").not.toContain("s3cret");
    }
  });

  it("fills in what the URL leaves out as pg does (localhost, 5432, the user's database)", () => {
    expect(lineFor(failure("x", { code: "3D000" }), "postgres://gardener@/")).toBe(
      'DATABASE_URL: PostgreSQL at localhost:5432 has no database "gardener". Create it (createdb gardener) or fix the database name in the URL.',
    );
    expect(
      lineFor(
        failure("connect ENOENT /run/pg/.s.PGSQL.5432", { code: "ENOENT", syscall: "connect" }),
        "postgres://u:pw@/tendril?host=/run/pg",
      ),
    ).toBe(
      "DATABASE_URL: cannot connect to PostgreSQL at /run/pg (no socket there). Check the host (the socket folder).",
    );
  });

  it("leaves other errors alone: a failed migration or a statement timeout is not a bad URL", () => {
    expect(lineFor(failure('relation "plants" already exists', { code: "42P07" }))).toBeUndefined();
    expect(
      lineFor(failure("canceling statement due to statement timeout", { code: "57014" })),
    ).toBeUndefined();
    expect(lineFor(failure("ENOENT: no such file", { code: "ENOENT", syscall: "open" }))).toBe(
      undefined,
    );
    expect(lineFor("not an error")).toBeUndefined();
  });
});

describe("isLostConnection: a request's database connection lost (503, not 500)", () => {
  it.each([
    [
      "pg_terminate_backend (57P01)",
      failure("terminating connection due to administrator command", { code: "57P01" }),
    ],
    [
      "a crashed server (57P02)",
      failure("terminating connection because of crash", { code: "57P02" }),
    ],
    [
      "a server starting or stopping (57P03)",
      failure("the database system is shutting down", { code: "57P03" }),
    ],
    [
      "an idle pooled connection ended by the server (57P05)",
      failure("terminating connection due to idle-session timeout", { code: "57P05" }),
    ],
    ["connection failure (08006)", failure("connection failure", { code: "08006" })],
    ["connection does not exist (08003)", failure("connection does not exist", { code: "08003" })],
    ["connection exception (08000)", failure("connection exception", { code: "08000" })],
    ["a socket reset", failure("read ECONNRESET", { code: "ECONNRESET", syscall: "read" })],
    [
      "a restart refusing connections",
      failure("connect ECONNREFUSED 127.0.0.1:5432", { code: "ECONNREFUSED" }),
    ],
    ["pg: the connection ended under a query", failure("Connection terminated unexpectedly")],
    [
      "pg: a client already broken",
      failure("Client has encountered a connection error and is not queryable"),
    ],
    [
      "the driver's error under better-auth's own",
      failure("Failed to get session", {
        cause: failure("terminating connection due to administrator command", { code: "57P01" }),
      }),
    ],
  ])("%s", (_case, err) => {
    expect(isLostConnection(err)).toBe(true);
  });

  it.each([
    ["a unique violation", failure("duplicate key value", { code: "23505" })],
    ["a query error without a code", failure("syntax error")],
    [
      "fetch failing to reach a provider",
      Object.assign(new TypeError("fetch failed"), {
        cause: failure("connect ECONNREFUSED 10.0.0.9:443", { code: "ECONNREFUSED" }),
      }),
    ],
    ["something thrown that is not an error", "Connection terminated unexpectedly"],
    ["nothing", undefined],
  ])("not %s", (_case, err) => {
    expect(isLostConnection(err)).toBe(false);
  });
});
