import { afterAll, beforeAll, describe, expect, it } from "vitest";
import catalogue from "../data/crops/catalogue.json";
import suggestions from "../data/crops/suggestions.json";
import { createTestApp, type TestApp } from "./support/test-app";

describe("catalogue API (public)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: "GET", url });
  const search = async (q: string, extra = "") => {
    const res = await get(`/api/catalogue/crops?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().crops as { slug: string; name: string }[];
  };

  it("answers without a session, as CropSummary objects", async () => {
    const res = await get("/api/catalogue/crops?q=tom");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.json().crops[0]).toEqual({
      slug: "tomato",
      name: "Tomato",
      scientificName: "Solanum lycopersicum",
      category: "vegetable",
    });
  });

  it("needs 2 characters and returns at most 10", async () => {
    expect(await search("")).toEqual([]);
    expect(await search("t")).toEqual([]);
    expect((await get("/api/catalogue/crops")).json()).toEqual({ crops: [] });
    expect(await search("ba")).toHaveLength(10);
    expect(await search("ba", "&limit=4")).toHaveLength(4);
    for (const limit of ["11", "0", "two"]) {
      const res = await get(`/api/catalogue/crops?q=ba&limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().error.message).toContain("limit is a whole number from 1 to 10.");
    }
    expect((await get(`/api/catalogue/crops?q=${"a".repeat(101)}`)).statusCode).toBe(400);
  });

  it("puts prefix matches first, then fuzzy ones, ignoring case and accents", async () => {
    const to = (await search("TO")).map((c) => c.name);
    expect(to.slice(0, 3)).toEqual(["Tomato", "Tomatillo", "Cherry tomato"]);
    expect(to.indexOf("Potato")).toBeGreaterThan(2);
    expect((await search("cilantro"))[0]?.name).toBe("Coriander");
    expect((await search("tomate"))[0]?.name).toBe("Tomato");
    expect((await search("basíl"))[0]?.name).toBe("Basil");
    expect((await search("JALAPENO"))[0]?.name).toBe("Jalapeño");
    expect(await search("qqqq")).toEqual([]);
  });

  it("returns a whole crop by slug, 404 otherwise", async () => {
    const res = await get("/api/catalogue/crops/coriander");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(catalogue.find((crop) => crop.slug === "coriander"));
    for (const slug of ["no-such-crop", "Coriander", "..%2F..%2Fetc"]) {
      const missing = await get(`/api/catalogue/crops/${slug}`);
      expect(missing.statusCode, slug).toBe(404);
      expect(missing.json().error.code).toBe("not_found");
    }
  });

  it("serves the 22 Add Plant and 32 Grow Along suggestions in order", async () => {
    const addPlant = (await get("/api/catalogue/suggestions?for=add-plant")).json().crops;
    expect(addPlant).toHaveLength(22);
    expect(addPlant.map((c: { slug: string }) => c.slug)).toEqual(suggestions.addPlant);
    expect(addPlant[0]).toEqual({
      slug: "tomato",
      name: "Tomato",
      scientificName: "Solanum lycopersicum",
      category: "vegetable",
    });
    const growAlong = (await get("/api/catalogue/suggestions?for=grow-along")).json().crops;
    expect(growAlong.map((c: { slug: string }) => c.slug)).toEqual(suggestions.growAlong);
    for (const url of ["/api/catalogue/suggestions", "/api/catalogue/suggestions?for=home"]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain("Use for=add-plant or for=grow-along.");
    }
  });
});
