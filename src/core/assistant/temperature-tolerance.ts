/** How much heat and cold a crop takes, from the catalogue's climate line. */
export interface TemperatureTolerance {
  /** Above this daytime high the crop suffers (bolting, bitterness, flower drop, scorch). */
  maxC: number;
  /** Below this night low it is harmed or stops growing; null for hardy plants. */
  minC: number | null;
  /** What the heat does to it, finishing "…, so …" in a reply. */
  heatEffect: string;
  kind: "cool-season" | "warm-season" | "tropical" | "hardy";
}

// Cool-season crops bolt and turn bitter above about 27 °C (80 °F); warm-season fruiting crops drop
// their flowers above about 32 °C (90 °F) and stop growing below 10 °C (50 °F) at night; tropical
// plants are chilled below about 10 °C. Hardy perennials, trees and bulbs ride out both ends.
const COOL: TemperatureTolerance = {
  kind: "cool-season",
  maxC: 27,
  minC: -2,
  heatEffect: "it is a cool-season crop that bolts, wilts or turns bitter in that heat",
};
const WARM: TemperatureTolerance = {
  kind: "warm-season",
  maxC: 32,
  minC: 10,
  heatEffect: "it is a warm-season crop, but above that its flowers drop and fruit stops setting",
};
const TROPICAL: TemperatureTolerance = {
  kind: "tropical",
  maxC: 35,
  minC: 10,
  heatEffect: "even this tropical plant scorches and wilts in that heat without shade and water",
};
const HARDY: TemperatureTolerance = {
  kind: "hardy",
  maxC: 32,
  minC: null,
  heatEffect: "heat that strong stresses it: leaves scorch and growth stalls",
};

/** Reads the catalogue's `climate` text ("Cool season; …", "Warm season annual", "Tropical"). */
export function temperatureTolerance(climate: string): TemperatureTolerance {
  const text = climate.toLowerCase();
  if (
    text.startsWith("cool") &&
    !text.includes("heat-tolerant") &&
    !text.startsWith("cool to warm")
  ) {
    return COOL;
  }
  if (text.startsWith("tropical") || text.startsWith("subtropical") || text.startsWith("indoors")) {
    return TROPICAL;
  }
  if (/^(warm|hot|tender|cool to warm|cool season but heat)/.test(text)) return WARM;
  return HARDY;
}

export interface DayExtremes {
  date: string;
  minC: number;
  maxC: number;
}

/** The forecast days over the crop's limits, each way. */
export function daysOutsideTolerance(
  days: readonly DayExtremes[],
  tolerance: TemperatureTolerance,
) {
  return {
    hot: days.filter((day) => day.maxC > tolerance.maxC),
    cold:
      tolerance.minC === null ? [] : days.filter((day) => day.minC < (tolerance.minC as number)),
  };
}
