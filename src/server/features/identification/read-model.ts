import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

// The identifications' published reads: the photos feature's sweep asks which images they keep.

/** The images of the identifications kept (the newest of each gardener): the sweep keeps them. */
export function identificationImageIds(db: Kysely<Database>) {
  return [
    db.selectFrom("identifications").select("image_id as id").where("image_id", "is not", null),
  ];
}
