/** Profile enumerations (no zod here, so the web can import them without the schema library). */
export const unitsValues = ["C", "F"] as const;
export const experienceValues = ["beginner", "intermediate", "advanced"] as const;
export const preferenceValues = [
  "vegetables",
  "fruits",
  "herbs",
  "flowers",
  "indoor-plants",
] as const;

/** Labels the web shows for each preference (spec §2 Onboarding). */
export const preferenceLabels: Record<(typeof preferenceValues)[number], string> = {
  vegetables: "Vegetables",
  fruits: "Fruits",
  herbs: "Herbs",
  flowers: "Flowers",
  "indoor-plants": "Indoor Plants",
};
