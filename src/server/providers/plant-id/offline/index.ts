import type { PlantIdentifier } from "../plant-identifier";
import { OfflineIdentifier, type OfflineIdentifierOptions } from "./offline-identifier";

export { OfflineIdentifier } from "./offline-identifier";

/** The offline default: needs no key and no network; loads its model on the first photo. */
export function createOfflineIdentifier(options: OfflineIdentifierOptions = {}): PlantIdentifier {
  return new OfflineIdentifier(options);
}
