import type { ClimateProfile } from "./climate-profile";

/**
 * Typical-year climates of eight places for the calendar's tests: monthly means and rainfall
 * rounded from their national services' 1991–2020 normals (NOAA, Met Office, BoM, IMD, MSS) and
 * median frost dates of the kind the archive computation gives. Approximate on purpose: the tests
 * check the calendar's rules, not the figures of a place.
 */
const profile = (p: Omit<ClimateProfile, "source">): ClimateProfile => ({
  ...p,
  source: "usda-noaa",
});

export const PLACES = {
  "San Francisco": profile({
    latitude: 37.77,
    zone: "10b",
    lastFrost: null,
    firstFrost: null,
    monthlyMeanC: [10.9, 12.3, 13.3, 14.1, 15.2, 16.4, 16.9, 17.5, 18.1, 17.3, 13.9, 10.9],
    monthlyRainMm: [114, 113, 84, 37, 18, 4, 0, 1, 3, 28, 80, 116],
  }),
  Seattle: profile({
    latitude: 47.61,
    zone: "8b",
    lastFrost: "03-24",
    firstFrost: "11-11",
    monthlyMeanC: [5.6, 6.3, 8.3, 10.6, 13.9, 16.6, 19.3, 19.5, 16.8, 12.1, 8.1, 5.3],
    monthlyRainMm: [142, 89, 95, 70, 48, 38, 15, 23, 38, 89, 165, 141],
  }),
  Minneapolis: profile({
    latitude: 44.98,
    zone: "5a",
    lastFrost: "05-01",
    firstFrost: "10-08",
    monthlyMeanC: [-9.1, -6.5, 0.5, 8.3, 15.3, 20.6, 23.4, 21.9, 17.1, 9.6, 1.4, -6.5],
    monthlyRainMm: [22, 20, 45, 72, 99, 113, 103, 110, 80, 65, 44, 29],
  }),
  Melbourne: profile({
    latitude: -37.81,
    zone: "9b",
    lastFrost: "09-01",
    firstFrost: "06-01",
    monthlyMeanC: [21.5, 21.6, 19.7, 16.6, 13.6, 11.1, 10.4, 11.4, 13.2, 15.3, 17.6, 19.6],
    monthlyRainMm: [40, 44, 37, 47, 40, 38, 35, 46, 50, 56, 58, 48],
  }),
  Bengaluru: profile({
    latitude: 12.97,
    zone: "13a",
    lastFrost: null,
    firstFrost: null,
    monthlyMeanC: [21.0, 23.2, 25.8, 27.2, 26.7, 24.1, 23.1, 23.1, 23.3, 23.1, 21.6, 20.5],
    monthlyRainMm: [2, 7, 15, 46, 118, 107, 114, 147, 212, 168, 62, 17],
  }),
  Delhi: profile({
    latitude: 28.61,
    zone: "10b",
    lastFrost: null,
    firstFrost: null,
    monthlyMeanC: [14.2, 17.6, 22.9, 29.0, 32.9, 33.4, 31.1, 30.0, 29.2, 26.0, 20.2, 15.5],
    monthlyRainMm: [19, 20, 15, 10, 28, 68, 211, 247, 124, 18, 4, 9],
  }),
  London: profile({
    latitude: 51.51,
    zone: "9a",
    lastFrost: "04-01",
    firstFrost: "11-15",
    monthlyMeanC: [5.8, 6.2, 8.4, 10.8, 14.1, 17.2, 19.3, 18.9, 16.1, 12.6, 8.8, 6.2],
    monthlyRainMm: [55, 41, 42, 44, 49, 45, 45, 50, 49, 69, 59, 55],
  }),
  Singapore: profile({
    latitude: 1.35,
    zone: "13b",
    lastFrost: null,
    firstFrost: null,
    monthlyMeanC: [26.6, 27.2, 27.6, 28.0, 28.4, 28.4, 28.0, 27.9, 27.7, 27.6, 27.0, 26.5],
    monthlyRainMm: [242, 114, 171, 159, 171, 132, 158, 176, 170, 194, 257, 318],
  }),
} satisfies Record<string, ClimateProfile>;
