/** What the server sends the model's worker thread. */
export interface WorkerRequest {
  id: number;
  /** Raw 224×224 RGB views of one photo. */
  views: Uint8Array[];
  limit: number;
  modelDir?: string;
}

export interface WorkerClass {
  scientificName: string;
  commonName: string | null;
  score: number;
  background: boolean;
}

export type WorkerReply =
  | { id: number; ok: true; top: WorkerClass[] }
  | { id: number; ok: false; message: string };
