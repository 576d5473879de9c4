import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";

/**
 * Starts the provider sign-in: a plain form posting to `/auth/login`, which
 * answers with a redirect to the authorization URL (state and PKCE verifier go
 * into a cookie). A plain form needs no script, so a tap before the page has
 * hydrated signs in too.
 */
export function SignInButton({ children, ...props }: Omit<ButtonProps, "onClick" | "type"> & { children: ReactNode }) {
  // An invite link's code (`/?join=CODE`) goes along, so the join dialog opens after sign-in.
  const join = new URLSearchParams(useLocation().search).get("join");
  return (
    <form method="post" action="/auth/login" className={props.className?.includes("w-full") ? "w-full sm:w-auto" : undefined}>
      {join ? <input type="hidden" name="join" value={join.slice(0, 16)} /> : null}
      <Button {...props} type="submit">
        {children}
      </Button>
    </form>
  );
}
