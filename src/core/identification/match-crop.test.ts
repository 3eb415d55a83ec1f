import { describe, expect, it } from "vitest";
import cropsJson from "../../../data/crops/catalogue.json";
import { createCropMatcher, parseScientificName } from "./match-crop";

const matcher = createCropMatcher(cropsJson);
const slugOf = (name: string) => matcher.match(name)?.crop.slug ?? null;

describe("parseScientificName", () => {
  it("keeps genus, species and a variety, and drops authors, hybrid signs and cultivars", () => {
    expect(parseScientificName("Solanum lycopersicum L.")).toEqual({
      genus: "solanum",
      species: "lycopersicum",
      infra: null,
    });
    expect(parseScientificName("Brassica rapa ssp. chinensis")).toEqual({
      genus: "brassica",
      species: "rapa",
      infra: "subsp chinensis",
    });
    expect(parseScientificName("Fragaria × ananassa 'Elsanta'")).toEqual(
      parseScientificName("Fragaria x ananassa"),
    );
    expect(parseScientificName("Rosa spp.")).toEqual({ genus: "rosa", species: null, infra: null });
    expect(parseScientificName("")).toBeNull();
  });
});

describe("createCropMatcher over the catalogue", () => {
  it("matches exact names first, the everyday crop of a shared species, and varieties", () => {
    expect(matcher.match("Solanum lycopersicum")).toMatchObject({
      crop: { slug: "tomato" },
      level: "exact",
    });
    expect(slugOf("Capsicum annuum")).toBe("bell-pepper");
    expect(slugOf("Solanum lycopersicum var. cerasiforme")).toBe("cherry-tomato");
    expect(slugOf("Helianthus annuus")).toBe("sunflower");
    expect(slugOf("Fragaria x ananassa")).toBe("strawberry");
    expect(slugOf("Rosmarinus officinalis")).toBe("rosemary");
    expect(slugOf("SOLANUM lycopersicum")).toBe("tomato");
  });

  it("drops an unknown variety to its species when that names one crop", () => {
    expect(matcher.match("Capsicum annuum var. glabriusculum")).toMatchObject({
      crop: { slug: "bell-pepper" },
      level: "species",
    });
    expect(slugOf("Daucus carota")).toBe("carrot");
    expect(slugOf("Beta vulgaris")).toBe("beet");
  });

  it("matches a genus only when it cannot be wrong about the crop", () => {
    expect(matcher.match("Rosa chinensis")).toMatchObject({
      crop: { slug: "rose" },
      level: "genus",
    });
    expect(slugOf("Tagetes erecta")).toBe("marigold");
    expect(slugOf("Lavandula stoechas")).toBe("lavender");
    // Six crops are Brassica oleracea; four are Ficus (the weeping fig by its species); none is
    // Quercus.
    expect(slugOf("Brassica oleracea")).toBeNull();
    expect(slugOf("Ficus benjamina")).toBe("weeping-fig");
    expect(slugOf("Ficus microcarpa")).toBeNull();
    expect(slugOf("Quercus robur")).toBeNull();
    expect(slugOf("not a name!")).toBeNull();
  });
});
