import {
  EC_CHECK_EVERY_DAYS,
  FROST_COVER_C,
  growLightHours,
  hydroponicTargets,
  MULCH_CM,
  SOLUTION_CHANGE_EVERY_DAYS,
  sunHours,
} from "./figures";
import { contextOf, type GuideInput, isFrostTender, watersDaily } from "./setup";
import { potSizeTip } from "./tips";

/**
 * What a guide for this setup must cover, as sentences for a model writing one: the same rules
 * the built-in guide follows, with the catalogue's figures.
 */
export function guideRequirements(input: GuideInput): string[] {
  const ctx = contextOf(input);
  const { crop } = input;
  const needs: string[] = [];
  if (ctx.hydroponic) {
    needs.push(
      `Hydroponic system: give the nutrient targets exactly as ${hydroponicTargets(crop)}, an EC/pH check every ${EC_CHECK_EVERY_DAYS} days and a full solution change every ${SOLUTION_CHANGE_EVERY_DAYS} days.`,
    );
  }
  if (input.lighting === "led" || input.lighting === "mixed") {
    needs.push(`Grow lights: ${growLightHours(crop)} hours of light a day on a timer.`);
  } else if (ctx.setup.place === "indoor") {
    needs.push(`Indoors by a window: ${sunHours(crop)}.`);
  }
  if (ctx.traits.frost && ctx.setup.place === "outdoor") {
    needs.push(
      isFrostTender(crop)
        ? `${input.climate} climate: frost protection (cover at ${FROST_COVER_C} °C or below) and a later start outdoors, after the last frost; early stages last longer.`
        : `${input.climate} climate: frost protection against hard frost; the crop tolerates light frost, and early stages last longer.`,
    );
  }
  if (ctx.traits.hot && ctx.setup.place === "outdoor") {
    needs.push(
      `${input.climate} heat: afternoon shade and watering suited to the heat${watersDaily(ctx) ? " (daily)" : ""}.`,
    );
  }
  if (ctx.traits.dry && ctx.setup.place === "outdoor" && !ctx.hydroponic) {
    needs.push(`Dry climate: mulch ${MULCH_CM} cm deep and water deeply.`);
  }
  if (ctx.potted) {
    needs.push(`Pot: ${potSizeTip(ctx.name, crop)}`);
  }
  if (input.experience === "beginner" && !ctx.hydroponic) {
    needs.push("Beginner: a soil moisture check (finger test, 2–3 cm deep) on day 1.");
  }
  if (!crop) {
    needs.push("Not in the catalogue: use a general timeline and general care.");
  }
  return needs;
}
