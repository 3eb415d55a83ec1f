import { type RefObject, useLayoutEffect } from "react";

/**
 * Keeps `--header-bottom` on the document at the bottom of the sticky header and of the banners
 * hanging below it, so what floats below them, like the toasts, moves down when the offline
 * banner shows instead of covering it.
 */
export function useHeaderHeight(
  header: RefObject<HTMLElement | null>,
  banners: RefObject<HTMLElement | null>,
) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const below = banners.current;
    const root = document.documentElement;
    const update = () => {
      const height =
        element.getBoundingClientRect().height + (below?.getBoundingClientRect().height ?? 0);
      root.style.setProperty("--header-bottom", `${height}px`);
    };
    update();
    // The banners are positioned out of the header's flow: their own size is watched too.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (below) observer.observe(below);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--header-bottom");
    };
  }, [header, banners]);
}
