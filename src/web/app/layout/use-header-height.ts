import { type RefObject, useEffect } from "react";

/**
 * Keeps `--header-bottom` on the document at the bottom of the sticky header and of the banners
 * hanging below it, so what floats below them, like the toasts, moves down when the offline
 * banner shows instead of covering it.
 *
 * The heights come from a ResizeObserver, which reports them after the browser's own layout:
 * measuring them while React commits forced a layout of the whole page inside the commit, 20 ms
 * and more of a phone's start-up (issue 27).
 */
export function useHeaderHeight(
  header: RefObject<HTMLElement | null>,
  banners: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const below = banners.current;
    const root = document.documentElement;
    const heights = new Map<Element, number>();
    // The banners are positioned out of the header's flow: their own size is watched too.
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        heights.set(entry.target, entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height);
      }
      let height = 0;
      for (const size of heights.values()) height += size;
      root.style.setProperty("--header-bottom", `${height}px`);
    });
    observer.observe(element);
    if (below) observer.observe(below);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--header-bottom");
    };
  }, [header, banners]);
}
