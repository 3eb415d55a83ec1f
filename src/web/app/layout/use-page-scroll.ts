import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/** How far down each visited history entry was scrolled, by its location key. */
const positions = new Map<string, number>();

/**
 * Where a navigation lands: a new page at its top, or at the element its link names (#id);
 * back and forward return to where that page was scrolled. React Router's <ScrollRestoration>
 * does the same, but adds about 1 KB gzip to the JavaScript My Garden loads before it paints
 * (DESIGN.md's budget); sections that appear only after their data loads scroll themselves.
 */
export function usePageScroll(): void {
  const location = useLocation();
  const navigation = useNavigationType();
  const current = useRef(location.key);

  useEffect(() => {
    // The browser's own restoring runs before the page it returns to has rendered.
    window.history.scrollRestoration = "manual";
    const remember = () => positions.set(current.current, window.scrollY);
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const saved = navigation === "POP" ? positions.get(location.key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const section = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (section) section.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, navigation]);
}
