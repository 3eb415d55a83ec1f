import { describe, expect, it } from "vitest";
import { mediaType } from "./media-type";

describe("mediaType", () => {
  it("lower-cases type/subtype and drops parameters and whitespace", () => {
    expect(mediaType("Application/JSON")).toBe("application/json");
    expect(mediaType("APPLICATION/JSON; charset=UTF-8")).toBe("application/json");
    expect(mediaType("application/json ;charset=utf-8")).toBe("application/json");
    expect(mediaType("  application/x-www-form-urlencoded\t")).toBe(
      "application/x-www-form-urlencoded",
    );
  });

  it("is empty without a header, and keeps other types apart", () => {
    expect(mediaType(undefined)).toBe("");
    expect(mediaType("")).toBe("");
    expect(mediaType("application/jsonx")).toBe("application/jsonx");
    expect(mediaType("application/vnd.api+json")).toBe("application/vnd.api+json");
  });
});
