import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "~/components/logo";
import { api } from "~/utils/api";

/**
 * Return from the provider (spec §2): exchanges the code for a session and
 * goes home. An error, a missing code or a failed exchange silently returns
 * to `/` (spec §8).
 */
export default function AuthCallback() {
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get("code");
    const state = params.get("state");
    const error = params.get("error");
    const home = () => window.location.replace("/");
    if (error || !code || !state) {
      if (error) console.warn("Sign-in returned an error", error);
      home();
      return;
    }
    api("/api/sessions", { method: "POST", body: { code, state } }).then((result) => {
      if (!result.ok) console.warn("Sign-in failed", result.status, result.error);
      // A full load re-fetches the user with the new session cookie.
      home();
    });
  }, []);
  return (
    <main role="status" aria-live="polite" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <Logo className="h-16 w-16 animate-pulse" />
      <p className="font-display text-2xl font-bold text-gold-400">{t("auth:finishing")}</p>
    </main>
  );
}
