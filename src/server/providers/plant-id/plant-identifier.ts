import type { IdentificationEngine } from "../../../core/schemas/identification";

/** The photo every engine sees: upright (EXIF orientation applied), metadata removed, JPEG. */
export interface PreparedPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** One species an engine proposes. Names as the engine gives them; crops are matched later. */
export interface IdentifyCandidate {
  scientificName: string;
  commonNames: string[];
  /** 0–1. */
  confidence: number;
}

export interface IdentifyResult {
  engine: IdentificationEngine;
  /** False when the engine says it is not a plant it knows (background class, nothing found). */
  recognised: boolean;
  /** Best first, at most 5; when not recognised, only weak guesses (or none). */
  candidates: IdentifyCandidate[];
}

/** The offline model, Plant.id or Pl@ntNet behind one call. */
export interface PlantIdentifier {
  readonly engine: IdentificationEngine;
  identify(photo: PreparedPhoto, signal?: AbortSignal): Promise<IdentifyResult>;
  /** Frees what it holds (the offline model's worker thread). */
  close?(): Promise<void>;
}
