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

/**
 * Which baseline rule made a task. Later rules (the grow guide) find a task by its kind, so a
 * reworded title never changes what they adjust. Only the pure plan computation reads it: tasks
 * are saved with their title and `type`, and API output carries no kind.
 */
export type CareTaskKind =
  | "water"
  | "top-up-reservoir"
  | "check-ec"
  | "change-solution"
  | "feed-solution"
  | "feed-soil"
  | "prune-suckers"
  | "pest-watch"
  | "thin-seedlings"
  | "succession-sow"
  | "trim-runners"
  | "moisture-check"
  | "heatwave";

/** A care task; rules layered on the baseline (plans, grow guides) widen `Kind` with their own. */
export interface CareTask<Kind extends string = CareTaskKind> {
  title: string;
  dueInDays: number;
  repeatEveryDays: number | null;
  type: string;
  kind: Kind;
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
          kind: "top-up-reservoir",
        }
      : {
          title: `Water ${name}`,
          dueInDays: 0,
          repeatEveryDays: wateringEvery,
          type: "watering",
          kind: "water",
        },
  );

  if (hydroponic) {
    tasks.push(
      {
        title: "Check EC/PPM",
        dueInDays: 0,
        repeatEveryDays: null,
        type: "nutrients",
        kind: "check-ec",
      },
      {
        title: "Change nutrient solution (pH 5.8–6.2)",
        dueInDays: 7,
        repeatEveryDays: null,
        type: "nutrients",
        kind: "change-solution",
      },
      {
        title: "Feed nutrients",
        dueInDays: 7,
        repeatEveryDays: 7,
        type: "feeding",
        kind: "feed-solution",
      },
    );
  }

  if (input.medium === "soil") {
    tasks.push({
      title: "Feed with fertiliser",
      dueInDays: 14,
      repeatEveryDays: 14,
      type: "feeding",
      kind: "feed-soil",
    });
  }

  if (TOMATO_PEPPER.test(crop)) {
    tasks.push(
      {
        title: "Prune suckers and lower leaves",
        dueInDays: 14,
        repeatEveryDays: null,
        type: "pruning",
        kind: "prune-suckers",
      },
      {
        title: "Pest watch: check under leaves",
        dueInDays: 7,
        repeatEveryDays: 7,
        type: "pest",
        kind: "pest-watch",
      },
    );
  }

  if (LETTUCE.test(crop)) {
    tasks.push({
      title: "Thin lettuce seedlings",
      dueInDays: 10,
      repeatEveryDays: null,
      type: "thinning",
      kind: "thin-seedlings",
    });
  }

  if (CORIANDER.test(crop)) {
    tasks.push({
      title: "Succession sow coriander",
      dueInDays: 14,
      repeatEveryDays: 14,
      type: "sowing",
      kind: "succession-sow",
    });
  }

  if (STRAWBERRY.test(crop)) {
    tasks.push({
      title: "Trim strawberry runners",
      dueInDays: 21,
      repeatEveryDays: null,
      type: "pruning",
      kind: "trim-runners",
    });
  }

  // "Soil moisture" means nothing without a substrate, so hydroponic growers are left out.
  if (BEGINNER.test(input.experience ?? "") && !hydroponic) {
    tasks.push({
      title: "Check soil moisture (finger test, 2–3 cm deep)",
      dueInDays: 1,
      repeatEveryDays: null,
      type: "check",
      kind: "moisture-check",
    });
  }

  if (hot && place === "outdoor") {
    tasks.push({
      title: "Heatwave: water early, mulch and shade",
      dueInDays: 0,
      repeatEveryDays: null,
      type: "heat",
      kind: "heatwave",
    });
  }

  return tasks;
}
