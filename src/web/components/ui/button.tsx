import { type ButtonHTMLAttributes, forwardRef } from "react";
import { cn } from "../../lib/cn";

type Variant = "primary" | "secondary" | "ghost" | "danger";

const variants: Record<Variant, string> = {
  primary:
    "bg-leaf-700 text-white hover:bg-[#255a34] disabled:bg-stone-300 disabled:text-stone-700",
  secondary:
    "border border-stone-300 bg-surface text-stone-900 hover:bg-stone-100 disabled:text-stone-500",
  ghost: "text-leaf-fg hover:bg-leaf-100 disabled:text-stone-500",
  danger:
    "bg-berry-600 text-white hover:bg-[#a83631] disabled:bg-stone-300 disabled:text-stone-700",
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: "md" | "sm";
}

export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-fg";

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", className, type = "button", ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors duration-150 ease-out disabled:cursor-not-allowed",
        size === "md"
          ? "min-h-11 px-4 text-base"
          : "min-h-9 shrink-0 px-3 text-sm whitespace-nowrap",
        variants[variant],
        focusRing,
        className,
      )}
      {...props}
    />
  );
});
