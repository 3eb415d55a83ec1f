import { useEffect, useState } from "react";
import { useToasts } from "../../lib/toast-store";

type Panel = typeof import("./toast-panel").ToastPanel;
let panel: Panel | null = null;
let loading: Promise<void> | null = null;

function loadPanel(): Promise<void> {
  loading ??= import("./toast-panel")
    .then((module) => {
      panel = module.ToastPanel;
    })
    .catch(() => {
      // Offline before the service worker stored it: the next toast tries again.
      loading = null;
    });
  return loading;
}

/** Right after the first paint, so a toast (often "Network error") never waits for its code. */
export function preloadToaster(): void {
  void loadPanel();
}

/**
 * Spec §4 Toasts. Radix Toast loads just after the first paint rather than with the entry: no
 * screen needs it to paint (issue 27). Not React.lazy: a failed load would stay failed and take
 * the page down with it, where this only shows the toast once its code has arrived.
 */
export function Toaster() {
  const toasts = useToasts();
  const [, setLoaded] = useState(panel !== null);
  // Each new toast tries again if the code could not be loaded before.
  const newest = toasts[0]?.id;
  useEffect(() => {
    if (newest && !panel) void loadPanel().then(() => setLoaded(panel !== null));
  }, [newest]);
  if (toasts.length === 0 || !panel) return null;
  const Loaded = panel;
  return <Loaded />;
}
