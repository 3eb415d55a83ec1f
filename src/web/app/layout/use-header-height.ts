import { type RefObject, useLayoutEffect } from "react";

/**
 * Keeps `--header-bottom` on the document at the sticky header's height (banners included), so
 * what floats below it, like the toasts, moves down when the offline banner shows instead of
 * covering the header.
 */
export function useHeaderHeight(header: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty("--header-bottom", `${element.getBoundingClientRect().height}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--header-bottom");
    };
  }, [header]);
}
