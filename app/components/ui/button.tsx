import { forwardRef, type ButtonHTMLAttributes } from "react";

type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "sm" | "md" | "lg";

const VARIANTS: Record<Variant, string> = {
  primary:
    "bg-gradient-to-b from-gold-400 to-gold-500 text-felt-950 shadow-md shadow-black/30 hover:from-gold-300 hover:to-gold-400 disabled:from-gold-500/40 disabled:to-gold-600/40 disabled:text-felt-950/60",
  secondary: "border border-cream-100/25 bg-white/5 text-cream-50 hover:bg-white/10 disabled:text-cream-100/40",
  ghost: "text-cream-100 hover:bg-white/10 disabled:text-cream-100/40",
  danger: "bg-red-700 text-white hover:bg-red-600 disabled:bg-red-900/60",
};

const SIZES: Record<Size, string> = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-11 px-4 text-base",
  lg: "min-h-12 px-6 text-lg",
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

export function buttonClasses(variant: Variant = "primary", size: Size = "md", extra = "") {
  return `inline-flex items-center justify-center gap-2 rounded-xl font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${SIZES[size]} ${extra}`;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", className = "", type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />;
});
