import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "~/utils/api";
import { Button, type ButtonProps } from "./ui/button";

/**
 * Starts the provider sign-in: asks the server for the authorization URL
 * (state and PKCE verifier go into a cookie) and navigates there.
 * Login failures are only logged (spec §8).
 */
export function SignInButton({ children, ...props }: Omit<ButtonProps, "onClick"> & { children: ReactNode }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function signIn() {
    setBusy(true);
    const result = await api<{ redirectUrl: string }>("/api/oauth/google/redirect_url");
    if (result.ok) {
      window.location.assign(result.data.redirectUrl);
      return;
    }
    console.warn("Sign-in could not start", result.status, result.error);
    setBusy(false);
  }
  return (
    <Button {...props} onClick={signIn} disabled={busy} aria-busy={busy}>
      {busy ? t("auth:redirecting") : children}
    </Button>
  );
}
