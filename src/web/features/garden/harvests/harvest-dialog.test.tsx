import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Harvest } from "../../../../core/schemas/harvest";
import type { HarvestInput } from "../../../lib/harvests-api";
import { HarvestDialog } from "./harvest-dialog";

/** Renders the dialog and waits for its lazily loaded panel. */
async function renderDialog(units: "C" | "F", harvest?: Harvest) {
  const onSave = vi.fn<(input: HarvestInput, photo: File | null) => Promise<unknown>>(() =>
    Promise.resolve(),
  );
  render(
    <HarvestDialog
      open
      onOpenChange={() => {}}
      title="Log harvest: Tomato"
      units={units}
      busy={false}
      onSave={onSave}
      {...(harvest ? { harvest } : {})}
    />,
  );
  await screen.findByRole("button", { name: "Save harvest" });
  return onSave;
}

const save = () => screen.getByRole("button", { name: "Save harvest" }) as HTMLButtonElement;

describe("the harvest dialog", () => {
  // The dialog's panel is loaded on first open; load it once up front, as a page's preload does.
  beforeAll(() => import("../../../components/ui/dialog-panel"));
  afterEach(cleanup);

  it("says why it cannot save until a weight or a count is given, then sends the unit chosen", async () => {
    const onSave = await renderDialog("F");
    expect(save().disabled).toBe(true);
    expect(screen.getByText("Enter a weight, a count, or both.")).toBeTruthy();
    const unit = screen.getByLabelText("Unit") as HTMLSelectElement;
    expect([...unit.options].map((o) => o.value)).toEqual(["oz", "lb"]);
    fireEvent.change(screen.getByLabelText("Weight (optional)"), { target: { value: "2,5" } });
    fireEvent.change(unit, { target: { value: "lb" } });
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      weight: { value: 2.5, unit: "lb" },
      count: null,
      note: null,
    });
  });

  it("refuses a count that is not a whole number, under the field", async () => {
    await renderDialog("C");
    fireEvent.change(screen.getByLabelText("Count (optional)"), { target: { value: "2.5" } });
    expect(screen.getByText(/Enter a whole number, 1 or more/)).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it("refuses, under the field, a weight the server would keep as nothing", async () => {
    await renderDialog("F");
    fireEvent.change(screen.getByLabelText("Weight (optional)"), { target: { value: "0.001" } });
    expect(screen.getByText(/at least 0.1 g \(about 0.004 oz\)/)).toBeTruthy();
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Weight (optional)"), { target: { value: "0.002" } });
    expect(screen.queryByText(/at least 0.1 g/)).toBeNull();
    expect(save().disabled).toBe(false);
  });

  it("opens a logged harvest in the gardener's units, kilograms from a kilogram", async () => {
    await renderDialog("C", {
      id: "h1",
      plantId: "p1",
      plantName: "Tomato",
      cropSlug: "tomato",
      cropName: "Tomato",
      areaId: null,
      areaName: null,
      date: "2026-07-01",
      weightG: 1250,
      count: 6,
      note: "Sweet",
      imageUrl: null,
      createdAt: "2026-07-01T10:00:00.000Z",
      updatedAt: "2026-07-01T10:00:00.000Z",
    });
    expect((screen.getByLabelText("Weight (optional)") as HTMLInputElement).value).toBe("1.25");
    expect((screen.getByLabelText("Unit") as HTMLSelectElement).value).toBe("kg");
    expect((screen.getByLabelText("Count (optional)") as HTMLInputElement).value).toBe("6");
  });
});
