/**
 * The °F range of a hardiness zone's average annual extreme minimum, as the USDA defines it:
 * zone n a spans (10n − 70) to (10n − 65), zone n b spans (10n − 65) to (10n − 60).
 */
export function zoneTemperatureRange(zone: string): string | null {
  const match = /^(\d{1,2})([ab])$/.exec(zone.trim().toLowerCase());
  if (!match) return null;
  const n = Number(match[1]);
  if (n < 1 || n > 13) return null;
  const low = 10 * n - (match[2] === "a" ? 70 : 65);
  return `${low} to ${low + 5}`;
}

export function zoneTitle(zone: string, range: string): string {
  return `${zone}: ${range}`;
}
