import { formatRange } from "../plan-generator";
import {
  EC_CHECK_EVERY_DAYS,
  growLightHours,
  hydroponicTargets,
  maturityText,
  SOLUTION_CHANGE_EVERY_DAYS,
  sunHours,
} from "./figures";
import { contextOf, type GuideInput, isFrostTender, watersDaily } from "./setup";

/** The steps to get started, in order: set up, sow, light, water and feed, harvest. */
export function guideInstructions(input: GuideInput): string[] {
  const ctx = contextOf(input);
  const { crop } = input;
  const steps: string[] = [];
  if (ctx.hydroponic) {
    steps.push(
      `Set up the system: clean it, fill the reservoir, mix in nutrients to ${hydroponicTargets(crop)}, and let it run a day before planting.`,
    );
  } else if (ctx.potted) {
    steps.push(
      input.medium === "cocopeat"
        ? "Soak and rinse the cocopeat, then fill a pot with drainage holes. Cocopeat holds almost no nutrients, so the plant depends on your feeding."
        : "Fill a pot with drainage holes with fresh potting mix.",
    );
  } else if (input.medium === "cocopeat") {
    steps.push(
      "Soak and rinse the cocopeat before use. It holds almost no nutrients, so the plant depends on your feeding.",
    );
  } else {
    steps.push(
      `Loosen the soil and work in compost${crop ? `; ${ctx.name} likes pH ${formatRange(crop.ph)} and ${crop.soil.charAt(0).toLowerCase()}${crop.soil.slice(1)}` : ""}.`,
    );
  }

  const outdoorsCold = ctx.traits.frost && ctx.setup.place === "outdoor";
  const afterFrost = outdoorsCold
    ? isFrostTender(crop)
      ? " after your last frost"
      : " in early spring, once the soil can be worked"
    : "";
  if (ctx.hydroponic) {
    steps.push(
      "Sow into rockwool cubes or starter plugs kept moist, and move the seedlings into the system once roots show through.",
    );
  } else if (!crop) {
    steps.push(
      `Sow or plant ${ctx.name}${afterFrost}, at the spacing its seed packet or label gives.`,
    );
  } else if (!crop.daysToGermination) {
    steps.push(`Plant ${ctx.name}${afterFrost}, ${crop.spacingCm} cm apart.`);
  } else if (crop.sowingMethod === "direct") {
    const spacing =
      crop.spacingCm > 2 ? `, thinning the seedlings to ${crop.spacingCm} cm apart` : " thickly";
    steps.push(`Sow ${ctx.name} where it will grow${afterFrost}${spacing}.`);
  } else {
    const indoors = crop.sowingMethod === "start-indoors" ? "indoors " : "";
    steps.push(
      `Sow ${indoors}in small pots or trays, then plant the seedlings out${afterFrost} ${crop.spacingCm} cm apart once they have 2–3 true leaves${ctx.setup.place === "outdoor" && crop.sowingMethod === "start-indoors" ? ", after a week of hardening off" : ""}.`,
    );
  }

  if (input.lighting === "led" || input.lighting === "mixed") {
    steps.push(`Give ${growLightHours(crop)} hours of light a day, with the lights on a timer.`);
  } else {
    steps.push(`Give it ${sunHours(crop)}.`);
  }

  if (ctx.hydroponic) {
    steps.push(
      `Top up the reservoir as the level drops, check EC and pH every ${EC_CHECK_EVERY_DAYS} days and change the solution every ${SOLUTION_CHANGE_EVERY_DAYS} days.`,
    );
  } else {
    const feed =
      input.medium === "cocopeat"
        ? "feed weekly with a diluted nutrient solution"
        : "feed every two weeks once it is growing strongly";
    steps.push(`Water ${watersDaily(ctx) ? "daily" : "when needed"}, at the base, and ${feed}.`);
  }

  if (crop) {
    const what =
      crop.category === "flower"
        ? "First flowers come"
        : crop.category === "houseplant"
          ? "It is established"
          : "Expect the first harvest";
    steps.push(`${what} about ${maturityText(crop)}.`);
  }
  return steps;
}
