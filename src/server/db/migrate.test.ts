import { describe, expect, it } from "vitest";
import { otherSchemaVanished } from "./migrate";

const gone = (schema: string) =>
  Object.assign(new Error(`schema "${schema}" does not exist`), { code: "3F000" });

describe("otherSchemaVanished: when a migration run is tried again", () => {
  it("is another schema dropped while Kysely read every schema's tables", () => {
    expect(otherSchemaVanished(gone("t_other"), "t_mine")).toBe(true);
  });

  it("is not our own schema gone, any other error, or something thrown that is no error", () => {
    expect(otherSchemaVanished(gone("t_mine"), "t_mine")).toBe(false);
    expect(
      otherSchemaVanished(Object.assign(new Error("deadlock"), { code: "40P01" }), "t_mine"),
    ).toBe(false);
    expect(otherSchemaVanished("3F000", "t_mine")).toBe(false);
    expect(otherSchemaVanished(null, "t_mine")).toBe(false);
  });
});
