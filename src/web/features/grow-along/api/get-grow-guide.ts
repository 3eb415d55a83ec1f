import { useMutation } from "@tanstack/react-query";
import {
  type GrowGuide,
  type GrowGuideRequest,
  growGuideSchema,
} from "../../../../core/schemas/grow-guide";
import { api } from "../../../lib/api-client";

/** Spec §8 Grow guide: what any failure to make a guide says. */
export const GUIDE_FAILED =
  "Sorry, I couldn't generate recommendations right now. Please try again later.";

/**
 * POST /api/gardening/grow-guide. The reply is checked against the shared schema: a guide that
 * does not fit it is a failure, never half a guide on screen.
 */
export async function getGrowGuide(request: GrowGuideRequest): Promise<GrowGuide> {
  const reply = await api.post<unknown>("/api/gardening/grow-guide", request);
  const parsed = growGuideSchema.safeParse(reply);
  if (!parsed.success) throw new Error("The guide arrived garbled.");
  return parsed.data;
}

/** A guide is made on request and shown, not cached: each press of the button asks again. */
export function useGrowGuide() {
  return useMutation({ mutationFn: getGrowGuide });
}
