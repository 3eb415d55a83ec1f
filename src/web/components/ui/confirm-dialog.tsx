import { Button } from "./button";
import { Dialog } from "./dialog";

/** "Delete …?" with Cancel and a destructive action that says it is under way while busy. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  action,
  busyAction,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** "Delete", "Remove". */
  action: string;
  /** "Deleting…", "Removing…". */
  busyAction: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      dismissible={!busy}
    >
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyAction : action}
        </Button>
      </div>
    </Dialog>
  );
}
