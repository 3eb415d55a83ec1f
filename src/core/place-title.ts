/**
 * "Bengaluru, Karnataka, India": the name, then the region and country when known. Apart from
 * the place schema so screens can name a place without loading the validation library.
 */
export function placeTitle(place: {
  name: string;
  admin1: string | null;
  country: string | null;
}): string {
  return [place.name, place.admin1, place.country].filter(Boolean).join(", ");
}
