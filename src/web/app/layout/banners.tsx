import { useConnectivity } from "../../lib/connectivity";

export const OFFLINE_TEXT = "⚠️ You are offline. Some features may not work.";
export const DEGRADED_TEXT =
  "⚠️ The gardening assistant is running in degraded mode. Please try again later.";

export function Banners() {
  const { offline, degraded } = useConnectivity();
  if (!offline && !degraded) return null;
  // Shown over the page (see RootLayout): the shadow sets it apart from what it covers.
  return (
    <div className="shadow-md">
      {offline && (
        <p
          role="status"
          className="bg-stone-900 px-4 py-2 text-center text-sm font-semibold text-stone-50"
        >
          {OFFLINE_TEXT}
        </p>
      )}
      {degraded && !offline && (
        <p
          role="status"
          className="bg-sun-500 px-4 py-2 text-center text-sm font-semibold text-ink"
        >
          {DEGRADED_TEXT}
        </p>
      )}
    </div>
  );
}
