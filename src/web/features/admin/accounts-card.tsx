import type { AdminAccount } from "../../../core/schemas/admin";
import { Card, CardTitle } from "../../components/ui/card";
import { Select } from "../../components/ui/field";
import { Alert, Skeleton } from "../../components/ui/misc";
import { errorMessage } from "../../lib/api-client";
import { dateFormat } from "../../lib/format";
import { useAdminAccounts, useSetPlan } from "./admin-api";

const when = dateFormat({ dateStyle: "medium" });
const whenTime = dateFormat({ dateStyle: "medium", timeStyle: "short" });

/**
 * Every account on this Tendril, with its plan to switch (issue 25's operator page). Names and
 * addresses are isolated (<bdi>): one with direction controls, stored before they were taken out
 * on input or given by a provider, cannot turn the text beside it around (issue 37).
 */
export function AccountsCard() {
  const accounts = useAdminAccounts(true);
  const setPlan = useSetPlan();
  return (
    <Card>
      <CardTitle>Accounts</CardTitle>
      {accounts.isPending ? (
        <Skeleton className="h-24" />
      ) : accounts.isError ? (
        <Alert tone="error">
          {errorMessage(accounts.error, "The accounts could not be loaded.")}
        </Alert>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-300">
          {accounts.data.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              saving={setPlan.isPending && setPlan.variables?.id === account.id}
              onPlan={(plan) => setPlan.mutate({ id: account.id, plan })}
            />
          ))}
        </ul>
      )}
      {setPlan.isError && (
        <div className="mt-3">
          <Alert tone="error">
            {errorMessage(setPlan.error, "The plan could not be changed.")}
          </Alert>
        </div>
      )}
    </Card>
  );
}

function AccountRow({
  account,
  saving,
  onPlan,
}: {
  account: AdminAccount;
  saving: boolean;
  onPlan: (plan: "free" | "pro") => void;
}) {
  const planLabel = `Plan of ${account.email}`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words text-stone-900">
          <bdi>{account.name || "(no name)"}</bdi>
          {account.operator && (
            <span className="ml-2 rounded-full bg-leaf-100 px-2 py-0.5 text-xs font-semibold text-leaf-fg">
              Operator
            </span>
          )}
        </p>
        <p className="text-sm break-all text-stone-700">
          <bdi>{account.email}</bdi>
        </p>
        <p className="text-sm text-stone-700">
          Joined {when(new Date(account.createdAt))} · last sign-in{" "}
          {account.lastSignInAt ? whenTime(new Date(account.lastSignInAt)) : "never"} ·{" "}
          {account.plants} {account.plants === 1 ? "plant" : "plants"} · {account.messagesToday}{" "}
          {account.messagesToday === 1 ? "message" : "messages"} today
        </p>
      </div>
      <Select
        aria-label={planLabel}
        className="sm:w-36"
        value={account.plan}
        disabled={saving}
        onChange={(e) => onPlan(e.target.value === "pro" ? "pro" : "free")}
      >
        <option value="free">Free</option>
        <option value="pro">Pro</option>
      </Select>
    </li>
  );
}
