import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LoadError } from "./misc";
import { KeepRoom, StableLabel } from "./steady";

afterEach(cleanup);

describe("StableLabel", () => {
  it("names the button by the current label alone, keeping the others for their width", () => {
    const labels = ["Update", "Loading…"] as const;
    const { rerender } = render(
      <button type="button">
        <StableLabel current="Update" labels={labels} />
      </button>,
    );
    const button = screen.getByRole("button");
    expect(screen.getByRole("button", { name: "Update" })).toBe(button);
    // Still there, taking its room, but hidden from sight and from assistive technology.
    expect(screen.getByText("Loading…").getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByText("Loading…").className).toContain("invisible");

    rerender(
      <button type="button">
        <StableLabel current="Loading…" labels={labels} />
      </button>,
    );
    expect(screen.getByRole("button", { name: "Loading…" })).toBe(button);
    expect(screen.getByText("Update").getAttribute("aria-hidden")).toBe("true");
  });

  it("keeps a load error's Retry button named Retry, and Retrying… while it retries", () => {
    const { rerender } = render(
      <LoadError title="Failed" detail="Try again." onRetry={() => {}} />,
    );
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
    rerender(<LoadError title="Failed" detail="Try again." onRetry={() => {}} retrying />);
    expect(screen.getByRole("button", { name: "Retrying…" })).toBeTruthy();
  });
});

describe("KeepRoom", () => {
  it("shows the message and keeps the placeholder out of sight and out of the reading order", () => {
    render(
      <KeepRoom placeholder={<p>placeholder</p>}>
        <p role="alert">Weather service unreachable</p>
      </KeepRoom>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Weather service unreachable");
    const placeholder = screen.getByText("placeholder").parentElement;
    expect(placeholder?.getAttribute("aria-hidden")).toBe("true");
    expect(placeholder?.className).toContain("invisible");
  });
});
