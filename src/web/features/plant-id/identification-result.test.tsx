import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOW_CONFIDENCE, NOT_RECOGNISED, RETAKE_HINT, ResultBanner } from "./identification-result";
import { RecentList } from "./recent-identifications";
import { identification } from "./test-identifications";

afterEach(cleanup);

describe("result banner", () => {
  it("warns of low confidence at 0.69 and not at 0.70", () => {
    const { rerender } = render(
      <ResultBanner identification={{ recognised: true, confidence: 0.69 }} onReport={() => {}} />,
    );
    expect(screen.getByRole("status").textContent).toContain(LOW_CONFIDENCE);
    rerender(
      <ResultBanner identification={{ recognised: true, confidence: 0.7 }} onReport={() => {}} />,
    );
    expect(screen.queryByText(LOW_CONFIDENCE)).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says the plant was not recognised, how to retake, and offers the report form", () => {
    const onReport = vi.fn();
    render(
      <ResultBanner identification={{ recognised: false, confidence: 0.2 }} onReport={onReport} />,
    );
    const banner = screen.getByRole("alert");
    expect(banner.textContent).toContain("❌ Sorry, I couldn't recognise this plant.");
    expect(banner.textContent).toContain(RETAKE_HINT);
    expect(screen.queryByText(LOW_CONFIDENCE)).toBeNull();
    expect(NOT_RECOGNISED).toBe("❌ Sorry, I couldn't recognise this plant.");
    fireEvent.click(screen.getByRole("button", { name: "Report this issue" }));
    expect(onReport).toHaveBeenCalledOnce();
  });
});

describe("recent identifications", () => {
  const ten = Array.from({ length: 10 }, (_, n) =>
    identification({ id: `i${n}`, plantName: `Plant ${n}`, confidence: 0.9 - n / 100 }),
  );

  it("shows the newest 3 of the 10 kept, each with its photo, name and confidence", () => {
    const { container } = render(<RecentList items={ten} selectedId={null} onSelect={() => {}} />);
    const buttons = screen.getAllByRole("button");
    expect(buttons.map((b) => b.querySelector(".font-semibold")?.textContent)).toEqual([
      "Plant 0",
      "Plant 1",
      "Plant 2",
    ]);
    expect(buttons[1]?.textContent).toContain("89%");
    const images = [...container.querySelectorAll("img")];
    expect(images.map((i) => i.getAttribute("src"))).toEqual(
      ten.slice(0, 3).map((i) => i.imageUrl),
    );
    expect(images.every((i) => i.getAttribute("loading") === "lazy" && i.width === 56)).toBe(true);
  });

  it("shows one again when chosen, marking it", () => {
    const onSelect = vi.fn();
    const { rerender } = render(<RecentList items={ten} selectedId={null} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole("button", { name: /Plant 1/ }));
    expect(onSelect).toHaveBeenCalledWith(ten[1]);
    rerender(<RecentList items={ten} selectedId="i1" onSelect={onSelect} />);
    expect(screen.getByRole("button", { name: /Plant 1/ }).getAttribute("aria-pressed")).toBe(
      "true",
    );
  });

  it("says what shows here when there are none yet", () => {
    render(<RecentList items={[]} selectedId={null} onSelect={() => {}} />);
    expect(screen.getByText("No identifications yet. Your last 3 show here.")).toBeTruthy();
  });
});
