import type { Identification } from "../../../core/schemas/identification";

/** A sunflower identification, with any field replaced, for component tests. */
export function identification(overrides: Partial<Identification> = {}): Identification {
  return {
    id: "ident-1",
    engine: "offline",
    recognised: true,
    plantName: "Sunflower",
    scientificName: "Helianthus annuus",
    confidence: 0.94,
    commonNames: ["Sunflower", "Common sunflower"],
    imageUrl: "/api/identifications/ident-1/image",
    cropSlug: "sunflower",
    suggestions: [
      {
        scientificName: "Helianthus annuus",
        commonNames: ["Sunflower"],
        confidence: 0.94,
        cropSlug: "sunflower",
      },
      {
        scientificName: "Helianthus tuberosus",
        commonNames: ["Jerusalem artichoke"],
        confidence: 0.03,
        cropSlug: null,
      },
    ],
    createdAt: "2026-05-01T09:30:00.000Z",
    ...overrides,
  };
}
