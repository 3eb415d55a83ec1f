export type GrowingMedium = "soil" | "cocopeat" | "hydroponics";
export type Place = "indoor" | "outdoor";

export interface BaselineCareInput {
  plantName: string;
  cropSlug?: string | null;
  medium: GrowingMedium;
  /** Grow Along "Type" (Container, Indoor, Hydroponic System, …). */
  gardeningType?: string | null;
  /** Grow Along "Lighting" or the plant's lights ("sun", "led", "LED Grow Lights", …). */
  lighting?: string | null;
  place?: Place | null;
  experience?: string | null;
  temperatureC?: number | null;
  conditions?: string | null;
}

export interface CareTask {
  title: string;
  dueInDays: number;
  repeatEveryDays: number | null;
  type: string;
}

/** Spec §9 "Default temperature for baseline care". */
export const DEFAULT_CARE_TEMPERATURE_C = 24;
export const HOT_TEMPERATURE_C = 30;

// Word starts only: "Heatwave" and "Hot" count; "wheat" and "photo" do not.
const HOT_WORDS = /\b(?:heat|hot)/i;

/**
 * Spec §9: hot is 30 °C or above, or conditions mentioning heat/hot. A missing or non-numeric
 * temperature counts as the default 24 °C.
 */
export function isHot(temperatureC?: number | null, conditions?: string | null): boolean {
  const t =
    typeof temperatureC === "number" && Number.isFinite(temperatureC)
      ? temperatureC
      : DEFAULT_CARE_TEMPERATURE_C;
  return t >= HOT_TEMPERATURE_C || HOT_WORDS.test(conditions ?? "");
}

/**
 * Spec §9: a given place wins; otherwise indoor if the gardening type mentions indoor or the
 * lighting mentions LED or grow (lights), else outdoor. "led" must be a whole word so that
 * "Dappled shade" does not count.
 */
export function inferPlace(input: {
  place?: Place | null;
  gardeningType?: string | null;
  lighting?: string | null;
}): Place {
  if (input.place) return input.place;
  if (/indoor/i.test(input.gardeningType ?? "")) return "indoor";
  if (/\bled\b|\bgrow/i.test(input.lighting ?? "")) return "indoor";
  return "outdoor";
}

// The spec's "tomato/pepper types": tomatoes and the Capsicum peppers under their common names.
// Whole words, so "peppermint" and "tomatillo" stay out. Eggplant is not included.
const TOMATO_PEPPER =
  /\b(?:tomato(?:es)?|peppers?|chil(?:l)?i(?:e?s)?|chiles?|capsicums?|jalape[nñ]os?)\b/i;
const LETTUCE = /\blettuces?\b/i;
const CORIANDER = /\b(?:coriander|cilantro)\b/i;
const STRAWBERRY = /\bstrawberr(?:y|ies)\b/i;
const BEGINNER = /\bbeginner/i;

export function isTomatoOrPepper(name: string): boolean {
  return TOMATO_PEPPER.test(name);
}

/**
 * Spec §9 "Baseline care task rules", one task per rule, in the order the spec lists them.
 * Where the spec gives only a first due day, repeats are ours: fortnightly soil feeding and
 * succession sowing, weekly pest watch; the others happen once.
 */
export function baselineCareTasks(input: BaselineCareInput): CareTask[] {
  const name = input.plantName.trim() || "plants";
  // Match the crop rules on both the catalogue slug and the name the user typed.
  const crop = `${input.cropSlug ?? ""} ${input.plantName}`.replace(/[-_]/g, " ");
  const hot = isHot(input.temperatureC, input.conditions);
  const place = inferPlace(input);
  const hydroponic = input.medium === "hydroponics";
  const tasks: CareTask[] = [];

  const wateringEvery = hot || input.medium === "cocopeat" ? 1 : 2;
  tasks.push(
    hydroponic
      ? // No substrate to water: the same cadence tops up what the plants drink and evaporates.
        {
          title: "Top up the reservoir",
          dueInDays: 0,
          repeatEveryDays: wateringEvery,
          type: "watering",
        }
      : { title: `Water ${name}`, dueInDays: 0, repeatEveryDays: wateringEvery, type: "watering" },
  );

  if (hydroponic) {
    tasks.push(
      { title: "Check EC/PPM", dueInDays: 0, repeatEveryDays: null, type: "nutrients" },
      {
        title: "Change nutrient solution (pH 5.8–6.2)",
        dueInDays: 7,
        repeatEveryDays: null,
        type: "nutrients",
      },
      { title: "Feed nutrients", dueInDays: 7, repeatEveryDays: 7, type: "feeding" },
    );
  }

  if (input.medium === "soil") {
    tasks.push({
      title: "Feed with fertiliser",
      dueInDays: 14,
      repeatEveryDays: 14,
      type: "feeding",
    });
  }

  if (TOMATO_PEPPER.test(crop)) {
    tasks.push(
      {
        title: "Prune suckers and lower leaves",
        dueInDays: 14,
        repeatEveryDays: null,
        type: "pruning",
      },
      { title: "Pest watch: check under leaves", dueInDays: 7, repeatEveryDays: 7, type: "pest" },
    );
  }

  if (LETTUCE.test(crop)) {
    tasks.push({
      title: "Thin lettuce seedlings",
      dueInDays: 10,
      repeatEveryDays: null,
      type: "thinning",
    });
  }

  if (CORIANDER.test(crop)) {
    tasks.push({
      title: "Succession sow coriander",
      dueInDays: 14,
      repeatEveryDays: 14,
      type: "sowing",
    });
  }

  if (STRAWBERRY.test(crop)) {
    tasks.push({
      title: "Trim strawberry runners",
      dueInDays: 21,
      repeatEveryDays: null,
      type: "pruning",
    });
  }

  // "Soil moisture" means nothing without a substrate, so hydroponic growers are left out.
  if (BEGINNER.test(input.experience ?? "") && !hydroponic) {
    tasks.push({
      title: "Check soil moisture (finger test, 2–3 cm deep)",
      dueInDays: 1,
      repeatEveryDays: null,
      type: "check",
    });
  }

  if (hot && place === "outdoor") {
    tasks.push({
      title: "Heatwave: water early, mulch and shade",
      dueInDays: 0,
      repeatEveryDays: null,
      type: "heat",
    });
  }

  return tasks;
}
