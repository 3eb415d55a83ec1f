import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { logAuth } from "./auth";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: "debug" }, stream), lines };
}

describe("logAuth", () => {
  it("logs better-auth's error with its message, stack and cause, not a bare 'TypeError'", () => {
    const { log, lines } = capture();
    const cause = new Error("column name is not text");
    logAuth(log, "error", "TypeError", [new TypeError("name.trim is not a function", { cause })]);
    const [line] = lines;
    expect(line?.msg).toBe("auth: TypeError");
    const err = line?.err as { message: string; stack: string; cause?: { message: string } };
    expect(err.message).toContain("name.trim is not a function");
    expect(err.stack).toContain("TypeError");
    expect(JSON.stringify(line)).toContain("column name is not text");
  });

  it("keeps other arguments beside the error", () => {
    const { log, lines } = capture();
    logAuth(log, "warn", "rate limited", [{ path: "/sign-in/email" }]);
    expect(lines[0]).toMatchObject({
      msg: "auth: rate limited",
      args: [{ path: "/sign-in/email" }],
    });
  });
});
