import { Alert, PageHeader, Spinner } from "../../components/ui/misc";
import { AccountsCard } from "../../features/admin/accounts-card";
import { useIsOperator } from "../../features/admin/admin-api";
import { InboxCard } from "../../features/admin/inbox-card";
import { NotFoundPage } from "../../features/not-found/not-found-page";
import { errorMessage } from "../../lib/api-client";

/** /admin (issue 25): for whoever runs this Tendril; anyone else finds no page here. */
export function AdminPage() {
  const operator = useIsOperator();
  if (operator.isPending) return <Spinner label="Loading…" />;
  if (operator.isError) {
    return <Alert tone="error">{errorMessage(operator.error, "Admin could not be loaded.")}</Alert>;
  }
  if (!operator.data) return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Admin" />
      <div className="flex flex-col gap-6">
        <AccountsCard />
        <InboxCard />
      </div>
    </div>
  );
}
