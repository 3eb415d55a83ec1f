import { useQueryClient } from "@tanstack/react-query";
import { useAuth } from "../../lib/auth-context";
import { useLiveChanges } from "../../lib/live-changes";
import { workflowKeys } from "./api/keys";

/**
 * While the checklists page is open: follows `workflow.updated`, so a step ticked in another tab
 * or device shows here within a second.
 */
export function useWorkflowEvents() {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  useLiveChanges(
    ["workflow.updated"],
    () => {
      // This tab's own toggles refresh when their last reply is in.
      if (queryClient.isMutating({ mutationKey: workflowKeys.toggle }) > 0) return;
      void queryClient.invalidateQueries({ queryKey: workflowKeys.list });
    },
    status === "signed-in",
  );
}
