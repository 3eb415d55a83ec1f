import { describe, expect, it } from "vitest";
import { captureLog } from "../../../tests/support/capture-log";
import { logAuth } from "./auth";

describe("logAuth", () => {
  it("logs better-auth's error with its message, stack and cause, not a bare 'TypeError'", () => {
    const { log, lines } = captureLog();
    const cause = new Error("column name is not text");
    logAuth(log, "error", "TypeError", [new TypeError("name.trim is not a function", { cause })]);
    const [line] = lines();
    expect(line?.msg).toBe("auth: TypeError");
    const err = line?.err as { message: string; stack: string; cause?: { message: string } };
    expect(err.message).toContain("name.trim is not a function");
    expect(err.stack).toContain("TypeError");
    expect(JSON.stringify(line)).toContain("column name is not text");
  });

  it("keeps other arguments beside the error", () => {
    const { log, lines } = captureLog();
    logAuth(log, "warn", "rate limited", [{ path: "/sign-in/email" }]);
    expect(lines()[0]).toMatchObject({
      msg: "auth: rate limited",
      args: [{ path: "/sign-in/email" }],
    });
  });
});
