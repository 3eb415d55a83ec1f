/** One class of the model: "Helianthus annuus (Sunflower)" → names apart. */
export interface ModelLabel {
  scientificName: string;
  commonName: string | null;
}

/** Reads the Coral label file: one "Scientific name (Common name)" a line, index-aligned. */
export function parseLabels(text: string): ModelLabel[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line, index, all) => line !== "" || index < all.length - 1)
    .map((line) => {
      const match = /^(.*?)\s*\((.*)\)\s*$/.exec(line);
      const scientificName = (match?.[1] ?? line).trim();
      const commonName = match?.[2]?.trim() || null;
      return { scientificName, commonName };
    });
}
