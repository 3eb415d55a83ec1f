import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  base64UrlKey,
  flag,
  httpUrl,
  matching,
  milliseconds,
  positiveInt,
  seconds,
  wholeNumber,
  withoutBlanks,
} from "./env-validators";

/** The value, or the messages zod gives for it. */
function check(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  return result.success ? result.data : result.error.issues.map((issue) => issue.message);
}

describe("withoutBlanks", () => {
  it("leaves out blank values, keeping the rest as they are", () => {
    expect(withoutBlanks({ A: "", B: "  ", C: "0", D: " x ", E: undefined })).toEqual({
      C: "0",
      D: " x ",
      E: undefined,
    });
    expect(withoutBlanks(null)).toBeNull();
  });
});

describe("wholeNumber", () => {
  const port = wholeNumber({ min: 0, max: 65535, message: "PORT must be a port" });

  it("reads whole numbers written as text, at both bounds", () => {
    expect(check(port, "0")).toBe(0);
    expect(check(port, "65535")).toBe(65535);
    expect(check(port, " 8080 ")).toBe(8080);
    expect(check(port, "1e3")).toBe(1000);
  });

  it("says its message for text, fractions and values out of range", () => {
    for (const value of ["ten", "3.5", "-1", "65536", "Infinity"]) {
      expect(check(port, value)).toEqual(["PORT must be a port"]);
    }
  });

  it("says maxMessage above max, and zod's own words without a message", () => {
    const interval = wholeNumber({ min: 0, max: 60, message: "whole", maxMessage: "at most 60" });
    expect(check(interval, "61")).toEqual(["at most 60"]);
    expect(check(interval, "-1")).toEqual(["whole"]);
    expect(check(wholeNumber({ min: 1 }), "0")).toEqual(check(z.number().min(1), 0));
  });
});

describe("positiveInt", () => {
  it("takes 1 and up, and refuses 0 with its message or zod's words", () => {
    expect(check(positiveInt("n > 0"), "1")).toBe(1);
    expect(check(positiveInt("n > 0"), "0")).toEqual(["n > 0"]);
    expect(check(positiveInt(), "0")).toEqual(check(z.number().positive(), 0));
    expect(check(positiveInt(), "abc")).toEqual(check(z.number(), Number.NaN));
  });
});

describe("seconds and milliseconds", () => {
  it("name the variable and the unit", () => {
    expect(check(seconds("WAIT"), "30")).toBe(30);
    expect(check(seconds("WAIT"), "0")).toEqual([
      "WAIT must be a whole number of seconds, at least 1",
    ]);
    expect(check(milliseconds("T_MS"), "2500")).toBe(2500);
    expect(check(milliseconds("T_MS"), "soon")).toEqual([
      "T_MS must be a whole number of milliseconds",
    ]);
  });
});

describe("httpUrl", () => {
  it("takes http and https URLs only", () => {
    const base = httpUrl("BASE must be http(s)");
    expect(check(base, "https://api.example/v1")).toBe("https://api.example/v1");
    expect(check(base, "http://127.0.0.1:9000")).toBe("http://127.0.0.1:9000");
    for (const value of ["ftp://x.example", "x.example", "mailto:a@b.example"]) {
      expect(check(base, value)).toEqual(["BASE must be http(s)"]);
    }
  });
});

describe("matching", () => {
  it("takes text in the shape and says its message otherwise", () => {
    const smtp = matching(/^smtps?:\/\//, "start with smtp://");
    expect(check(smtp, "smtps://mail.example")).toBe("smtps://mail.example");
    expect(check(smtp, "http://mail.example")).toEqual(["start with smtp://"]);
  });
});

describe("flag", () => {
  it("is on for true, 1 and yes, off for false, 0, no and unset, and refuses other words", () => {
    for (const on of ["true", "1", "yes"]) expect(check(flag(), on)).toBe(true);
    for (const off of ["false", "0", "no", undefined]) expect(check(flag(), off)).toBe(false);
    expect(check(flag(), "maybe")).toHaveLength(1);
    expect(check(flag(), "TRUE")).toHaveLength(1);
  });
});

describe("base64UrlKey", () => {
  const key = base64UrlKey(32, "KEY must be 32 bytes");

  it("takes URL-safe base64 of the given length, padded or not", () => {
    const encoded = Buffer.alloc(32, 0xfb).toString("base64url");
    expect(encoded).toMatch(/[-_]/);
    expect(check(key, ` ${encoded} `)).toBe(encoded);
    expect(check(key, `${Buffer.alloc(32, 1).toString("base64")}`)).toBe(
      Buffer.alloc(32, 1).toString("base64"),
    );
  });

  it("refuses another length or standard base64's + and /", () => {
    expect(check(key, Buffer.alloc(31).toString("base64url"))).toEqual(["KEY must be 32 bytes"]);
    expect(check(key, Buffer.alloc(32, 0xfb).toString("base64"))).toEqual(["KEY must be 32 bytes"]);
  });
});
