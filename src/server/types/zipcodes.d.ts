// zipcodes 8 ships no type declarations; this covers the part Tendril uses.
declare module "zipcodes" {
  export interface ZipCodeInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    /** Two-letter US state or territory code (Canadian entries carry a province code). */
    state: string;
    country: string;
  }

  interface Zipcodes {
    lookup(zip: string | number): ZipCodeInfo | undefined;
    lookupByName(city: string, state: string): ZipCodeInfo[];
  }

  const zipcodes: Zipcodes;
  export default zipcodes;
}
