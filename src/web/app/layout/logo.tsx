import { Link } from "react-router";
import { focusRing } from "../../components/ui/button";
import { cn } from "../../lib/cn";

export function Logo() {
  return (
    <Link
      to="/"
      className={cn(
        "inline-flex min-h-11 items-center gap-2 rounded-xl pr-2 text-[22px] font-semibold text-leaf-fg",
        focusRing,
      )}
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className="rounded-lg" />
      Tendril
    </Link>
  );
}
