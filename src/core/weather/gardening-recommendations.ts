import type { SeasonName } from "./season";

// Seasonal jobs for the Insights object. Season names already account for hemisphere and India,
// so one list per name is right everywhere.
const SEASONAL_JOBS: Readonly<Record<SeasonName, readonly string[]>> = {
  Spring: [
    "Dig compost into beds before sowing to feed the soil.",
    "Harden off seedlings for a week before planting them out.",
    "Sow little and often for steady harvests instead of one glut.",
  ],
  Summer: [
    "Mulch beds to keep moisture in and weeds down.",
    "Harvest often: beans, courgettes and herbs crop more when picked.",
    "Water deeply and less often so roots grow down, not up.",
  ],
  Autumn: [
    "Plant garlic and spring-flowering bulbs while the soil is still warm.",
    "Sow a green manure or spread compost over empty beds.",
    "Collect seed from your best plants and store it cool and dry.",
  ],
  Winter: [
    "Plan next year's beds and rotate crop families to limit pests and disease.",
    "Clean and sharpen tools, and wash pots before spring.",
    "Protect tender plants from frost and check stored crops for rot.",
  ],
  Monsoon: [
    "Clear drains and raise beds so roots do not sit in water.",
    "Stake tall plants ahead of heavy, gusty rain.",
    "Watch for fungal spots and slugs; remove affected leaves promptly.",
  ],
  "Post-monsoon": [
    "Prepare beds with compost for cool-season sowing.",
    "Cut back plants that grew leggy in the rains.",
    "Water more as the rains stop and the soil starts to dry.",
  ],
};

/** The Insights object's gardeningRecommendations: a few jobs that suit the season. */
export function gardeningRecommendations(season: SeasonName): string[] {
  return [...SEASONAL_JOBS[season]];
}
