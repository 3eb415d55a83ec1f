import { growLightHours, hydroponicTargets, SOLUTION_CHANGE_EVERY_DAYS, sunHours } from "./figures";
import {
  contextOf,
  type GuideContext,
  type GuideCrop,
  type GuideInput,
  isCoolSeason,
  isFrostTender,
  watersDaily,
} from "./setup";

export const MAX_GUIDE_TIPS_BUILT = 12;

/** Rule: how big a pot, from the catalogue's spacing. */
export function potSizeTip(name: string, crop: GuideCrop | null): string {
  const drainage =
    "Use pots with drainage holes and fresh potting mix (not garden soil), and empty the saucer after watering: roots sitting in water rot.";
  if (!crop) {
    return `Give ${name} a pot about as wide as the plant will grow. ${drainage}`;
  }
  const spacing = crop.spacingCm;
  if (spacing <= 2) {
    return `Sow ${name} densely in a shallow tray with drainage holes; it is cut young, so it needs no spacing. ${drainage}`;
  }
  if (spacing < 15) {
    return `Grow ${name} ${spacing} cm apart in a pot or trough. ${drainage}`;
  }
  return `Give each ${name} plant a pot at least ${spacing} cm across (its spacing in the ground), or space several ${spacing} cm apart in a large trough. ${drainage}`;
}

function wateringTip(ctx: GuideContext): string | null {
  if (ctx.hydroponic) return null;
  const where = ctx.setup.medium === "cocopeat" ? "cocopeat" : "soil";
  const daily = watersDaily(ctx) ? " In this heat, check it every day." : "";
  switch (ctx.input.crop?.watering ?? "moderate") {
    case "low":
      return `${ctx.name} likes to dry out a little: water only when the top 2–3 cm of ${where} are dry.${daily}`;
    case "high":
      return `${ctx.name} is thirsty: never let the ${where} dry out.${daily}`;
    default:
      return `Keep the ${where} evenly moist but never waterlogged; water at the base, in the morning.${daily}`;
  }
}

/** Rule: the climate's advice (frost and later starts, heat, dry summers, humid heat). */
export function climateTips(ctx: GuideContext): string[] {
  const { climate, crop, location } = ctx.input;
  const { traits } = ctx;
  const tips: string[] = [];
  const where = location?.trim() ? ` in ${location.trim()}` : "";
  if (traits.frost) {
    if (ctx.setup.place === "outdoor") {
      tips.push(
        isFrostTender(crop)
          ? `Frost: ${ctx.name} is killed by frost, so sow or plant it outside${where} only after your last spring frost; start seeds indoors or under cover to gain weeks. The early stages here are planned longer, as cold soil slows them.`
          : `Frost: ${ctx.name} tolerates light frost, so it can go outside${where} in early spring once the soil can be worked; cover young plants when a hard frost is coming. The early stages here are planned longer, as cold soil slows them.`,
      );
      if (climate === "alpine") {
        tips.push(
          "Alpine summers are short, with strong sun, wind and cold nights: choose quick, cold-tolerant varieties, shelter plants from wind and keep fleece at hand even in summer.",
        );
      }
    } else {
      tips.push("On frosty nights keep the plant back from cold window glass and out of draughts.");
    }
  }
  if (traits.hot) {
    if (ctx.hydroponic) {
      tips.push(
        "Heat warms the nutrient solution: shade the reservoir and keep it at 18–22 °C, or roots run short of oxygen.",
      );
    } else if (ctx.setup.place === "outdoor") {
      tips.push(
        `In ${climate} heat, water deeply early in the morning rather than a little often, and shade in the afternoon.`,
      );
    } else {
      tips.push(
        "In hot weather move the plant back from hot window glass and check moisture daily.",
      );
    }
    if (isCoolSeason(crop)) {
      tips.push(
        `${ctx.name} is a cool-season crop and runs to seed in heat: grow it in the coolest months of the year.`,
      );
    }
  }
  if (climate === "mediterranean" && ctx.setup.place === "outdoor") {
    tips.push(
      "Mediterranean summers are long and dry: water deeply and less often, mulch, and grow cool-season crops from autumn to spring.",
    );
  }
  if (traits.humid && ctx.setup.place === "outdoor") {
    tips.push(
      "Humid heat and heavy rain: make sure beds and pots drain freely, skip watering after a good rain, and space plants for airflow against fungal disease.",
    );
  }
  return tips;
}

function lightTip(ctx: GuideContext): string | null {
  const { crop, lighting } = ctx.input;
  const darkness = "Give at least 8 hours of darkness too: plants need a rest.";
  if (lighting === "led") {
    return `Run the grow lights ${growLightHours(crop)} hours a day on a timer, and raise them as the plants grow so the top leaves never scorch. ${darkness}`;
  }
  if (lighting === "mixed") {
    return `${ctx.name} needs ${growLightHours(crop)} hours of light a day: count the daylight it gets and run the LEDs for the rest, morning or evening. ${darkness}`;
  }
  if (ctx.setup.place === "indoor") {
    return `Indoors ${ctx.name} needs ${sunHours(crop)}: give it your brightest window, and add a grow light if it stretches or leans.`;
  }
  return lighting === "partial-shade" && crop?.sunlight === "full-sun"
    ? `${ctx.name} prefers full sun (${sunHours(crop)}); in partial shade expect slower growth and a smaller harvest.`
    : null;
}

function hydroponicTips(ctx: GuideContext): string[] {
  if (!ctx.hydroponic) return [];
  const { crop } = ctx.input;
  const tips = [
    `Nutrient targets: ${hydroponicTargets(crop)}. Check after every top-up and change the whole solution every ${SOLUTION_CHANGE_EVERY_DAYS} days.`,
    "Keep the reservoir dark and at 18–22 °C to prevent algae and root rot.",
  ];
  if (crop && !crop.hydroponic.suitable) {
    tips.push(
      `${ctx.name} is not a typical hydroponic crop: expect slower growth than in soil or cocopeat.`,
    );
  }
  return tips;
}

function startTip(ctx: GuideContext): string | null {
  const { crop } = ctx.input;
  if (!crop || ctx.hydroponic) return null;
  if (!crop.daysToGermination) {
    return `${ctx.name} is usually started from a young plant, cutting, tuber or bulb rather than from seed.`;
  }
  if (crop.sowingMethod === "direct") {
    return `${ctx.name} is usually sown where it will grow, then thinned.`;
  }
  return "Raise seedlings in small pots or trays and plant them out once they have 2–3 true leaves.";
}

/** The guide's tips, most specific first (at most MAX_GUIDE_TIPS_BUILT). */
export function guideTips(input: GuideInput): string[] {
  const ctx = contextOf(input);
  const tips: (string | null)[] = [
    input.crop
      ? null
      : `${ctx.name} is not in the catalogue, so this guide uses a general timeline and care: adjust the stages as it grows.`,
    ...hydroponicTips(ctx),
    lightTip(ctx),
    ...climateTips(ctx),
    ctx.potted ? potSizeTip(ctx.name, input.crop) : null,
    ctx.potted && input.gardenType === "balcony"
      ? "Balconies are windy and pots there dry out fast: group pots together, out of the strongest wind."
      : null,
    wateringTip(ctx),
    input.experience === "beginner"
      ? "New to this? Start with a few plants, check them every day, and note what you did: you learn fastest from your own notes."
      : null,
    startTip(ctx),
  ];
  return tips.filter((tip) => tip !== null).slice(0, MAX_GUIDE_TIPS_BUILT);
}
