import { Link } from "react-router";
import { focusRing } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { useIsOperator } from "./admin-api";

/** Settings' way to the operator's page, shown only to whoever runs this Tendril. */
export function OperatorCard() {
  const operator = useIsOperator();
  if (!operator.data) return null;
  return (
    <Card>
      <CardTitle>Run this Tendril</CardTitle>
      <p className="mb-4 text-stone-700">
        You run this Tendril: see its accounts, switch plans and read the contact inbox.
      </p>
      <Link
        to="/admin"
        className={cn(
          "inline-flex min-h-11 items-center rounded-xl bg-leaf-700 px-4 font-semibold text-white",
          focusRing,
        )}
      >
        Open Admin
      </Link>
    </Card>
  );
}
