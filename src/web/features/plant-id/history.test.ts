import { beforeEach, describe, expect, it } from "vitest";
import type { Identification } from "../../../core/schemas/identification";
import { rememberedIdentifications, rememberIdentifications } from "./history";
import { identification } from "./test-identifications";

describe("identHistory", () => {
  beforeEach(() => localStorage.clear());

  it("keeps the last 10 under the identHistory key, for their owner only", () => {
    const items: Identification[] = Array.from({ length: 12 }, (_, n) =>
      identification({ id: `i${n}` }),
    );
    rememberIdentifications("u1", items);
    expect(JSON.parse(localStorage.getItem("identHistory") ?? "{}").items).toHaveLength(10);
    expect(rememberedIdentifications("u1").map((i) => i.id)).toEqual(
      items.slice(0, 10).map((i) => i.id),
    );
    expect(rememberedIdentifications("u2")).toEqual([]);
  });

  it("reads a corrupt value as nothing kept", () => {
    localStorage.setItem("identHistory", '{"userId":"u1","items":"nope"}');
    expect(rememberedIdentifications("u1")).toEqual([]);
  });
});
