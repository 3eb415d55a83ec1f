import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { ImportFile } from "../../../core/schemas/data-export";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { checkDuplicateIds, childIds, type Owners, placeRecords, type Taken } from "./import-ids";

// The lookups are the owning features' answers; here a fixed table stands in for them, so no
// database is needed (nor touched: `trx` is never used by the code under test).
const trx = {} as Kysely<Database>;

const ownedBy =
  (owners: Record<string, string>): Owners =>
  async (_db, ids) =>
    new Map(ids.flatMap((id) => (owners[id] ? [[id, owners[id]] as const] : [])));

const takenOf =
  (taken: readonly string[]): Taken =>
  async (_db, ids) =>
    new Set(ids.filter((id) => taken.includes(id)));

describe("import id resolution", () => {
  it("keeps a free id, skips the gardener's own, remaps another's the same way twice", async () => {
    const owners = ownedBy({ mine: "me", theirs: "other" });
    const placed = await placeRecords(trx, "me", "plants", ["free", "mine", "theirs"], owners);
    expect(placed.get("free")).toEqual({ id: "free", insert: true });
    expect(placed.get("mine")).toEqual({ id: "mine", insert: false });
    const remapped = placed.get("theirs");
    expect(remapped?.insert).toBe(true);
    expect(remapped?.id).not.toBe("theirs");
    const again = await placeRecords(trx, "me", "plants", ["theirs"], owners);
    expect(again.get("theirs")?.id).toBe(remapped?.id);
  });

  it("skips a remapped record the gardener already imported", async () => {
    const first = await placeRecords(trx, "me", "tasks", ["t"], ownedBy({ t: "other" }));
    const remappedId = first.get("t")?.id ?? "";
    const second = await placeRecords(
      trx,
      "me",
      "tasks",
      ["t"],
      ownedBy({ t: "other", [remappedId]: "me" }),
    );
    expect(second.get("t")).toEqual({ id: remappedId, insert: false });
  });

  it("gives children unique ids: their own when free, else new ones, never one twice", async () => {
    const ids = await childIds(trx, "me", "messages", ["a", "a", "taken"], takenOf(["taken"]));
    expect(ids[0]).toBe("a");
    expect(new Set(ids).size).toBe(3);
    expect(ids).not.toContain("taken");
  });

  it("is a 400 naming a duplicated id's place in the file", () => {
    // Only the lists' ids matter here.
    const file = {
      plants: [{ id: "p" }, { id: "p" }],
      tasks: [{ id: "p" }],
      milestones: [],
      chats: [],
      workflows: [],
      areas: [],
      areaPlantings: [],
      harvests: [{ id: "h" }, { id: "h" }],
      journal: [{ id: "p" }],
    } as unknown as ImportFile;
    let error: unknown;
    try {
      checkDuplicateIds(file);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).issues).toEqual([
      { path: "plants.1.id", message: 'is a second plant with id "p".' },
      { path: "harvests.1.id", message: 'is a second harvest with id "h".' },
    ]);
  });
});
