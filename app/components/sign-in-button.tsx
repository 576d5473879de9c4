import type { ReactNode } from "react";
import { Button, type ButtonProps } from "./ui/button";

/**
 * Starts the provider sign-in: a plain form posting to `/auth/login`, which
 * answers with a redirect to the authorization URL (state and PKCE verifier go
 * into a cookie). A plain form needs no script, so a tap before the page has
 * hydrated signs in too (issue 15).
 */
export function SignInButton({ children, ...props }: Omit<ButtonProps, "onClick" | "type"> & { children: ReactNode }) {
  return (
    <form method="post" action="/auth/login" className={props.className?.includes("w-full") ? "w-full sm:w-auto" : undefined}>
      <Button {...props} type="submit">
        {children}
      </Button>
    </form>
  );
}
