import { lazy, Suspense, useState } from "react";
import type { DialogProps } from "./dialog-panel";

const loadPanel = () => import("./dialog-panel");
const DialogPanel = lazy(loadPanel);

/**
 * Fetches the dialog code ahead of need (call once the page has painted), so the first dialog
 * opens without waiting for it. A failed fetch (offline before the service worker has stored the
 * file) is no error: opening a dialog fetches it again.
 */
export function preloadDialogs(): void {
  loadPanel().catch(() => undefined);
}

/**
 * A modal dialog. Radix Dialog and its focus and scroll locking are loaded the first time any
 * dialog opens rather than with the first page: no screen needs them to paint (DESIGN.md's
 * initial-JavaScript budget for "/"). Once opened, the dialog stays mounted so closing behaves
 * exactly as Radix intends (focus goes back to the button that opened it).
 */
export function Dialog(props: DialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!props.open && !used) return null;
  return (
    <Suspense fallback={null}>
      <DialogPanel {...props} />
    </Suspense>
  );
}
