import { formatTemperature } from "../../../../core/weather/format";
import type { GardenerContext, GardenPlant } from "../assistant";

/** "Friday 4 December" for a YYYY-MM-DD date. */
export function dayName(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
}

export const temperature = (celsius: number, context: GardenerContext) =>
  formatTemperature(celsius, context.units);

/** "your tomato **Big Tom**", or "your **Tomato**" when the plant is named after its crop. */
export function plantPhrase(plant: GardenPlant): string {
  const crop = plant.cropName.toLowerCase();
  return plant.name.trim().toLowerCase() === crop
    ? `your **${plant.name}**`
    : `your ${crop} **${plant.name}**`;
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
