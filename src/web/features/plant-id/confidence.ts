import { LOW_CONFIDENCE_THRESHOLD } from "../../../core/schemas/identification";

/** Spec §9: below 0.7 the page warns '⚠️ Low confidence identification'. */
export const isLowConfidence = (confidence: number) => confidence < LOW_CONFIDENCE_THRESHOLD;

/**
 * "94%", rounded as the AI Summary rounds it; but never 70% beside the low-confidence warning
 * (0.695 reads 69%), and a trace reads "<1%" rather than a flat 0%.
 */
export function formatConfidence(confidence: number): string {
  const clamped = Math.min(1, Math.max(0, confidence));
  if (clamped > 0 && clamped < 0.005) return "<1%";
  const percent = Math.round(clamped * 100);
  return `${isLowConfidence(clamped) ? Math.min(percent, 69) : percent}%`;
}
