import { describe, expect, it } from "vitest";
import { databaseTarget, databaseUrlProblem } from "./database-url";

describe("databaseUrlProblem", () => {
  it("accepts what pg accepts, a local socket's empty host included", () => {
    expect(databaseUrlProblem("postgres://u:p@db:5432/tendril")).toBeUndefined();
    expect(databaseUrlProblem("postgresql://db/tendril?sslmode=verify-full")).toBeUndefined();
    expect(databaseUrlProblem("postgres://u:p@/tendril?host=/run/postgresql")).toBeUndefined();
    expect(databaseUrlProblem("postgres://u:p%40ss@db/tendril")).toBeUndefined();
  });

  it("names DATABASE_URL and what is wrong: scheme, an unparsable URL, an unknown sslmode", () => {
    expect(databaseUrlProblem("mysql://db/x")).toBe(
      "DATABASE_URL must start with postgres:// or postgresql://",
    );
    expect(databaseUrlProblem("postgres://[bad")).toMatch(
      /^DATABASE_URL is not a valid URL: check its host and port, and percent-encode/,
    );
    expect(databaseUrlProblem("postgres://u:p@db:5432,db2:5432/x")).toMatch(/not a valid URL/);
    expect(databaseUrlProblem("postgres://db/x?sslmode=maybe")).toBe(
      "DATABASE_URL has sslmode=maybe; use one of disable, prefer, require, verify-ca, verify-full, no-verify",
    );
  });
});

describe("databaseTarget", () => {
  it("is host:port, database and user, never the password", () => {
    const target = databaseTarget("postgres://gardener:secret@db.example.org:5433/tendril");
    expect(target).toEqual({
      address: "db.example.org:5433",
      database: "tendril",
      user: "gardener",
    });
    expect(JSON.stringify(target)).not.toContain("secret");
  });

  it("lets the query string win, as pg does, and shows an IPv6 host in brackets", () => {
    expect(databaseTarget("postgres://u@[::1]/x").address).toBe("[::1]:5432");
    expect(databaseTarget("postgres://u@db/x?host=other&port=6000&user=v")).toEqual({
      address: "other:6000",
      database: "x",
      user: "v",
    });
  });
});
