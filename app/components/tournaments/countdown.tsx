import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { countdown } from "../../../game/tournament/countdown";

/** Now, ticking every 30 s once hydrated (the server renders the page's own instant). */
export function useNow(initial: number): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The spec §9 countdown text: days and hours, or hours and minutes, or minutes; 'Iniciado' once past. */
export function useCountdownText() {
  const { t } = useTranslation();
  return (target: string, now: number): string => {
    const left = countdown(Date.parse(target), now);
    switch (left.kind) {
      case "past":
        return t("tournaments:started");
      case "days":
        return t("tournaments:days", { days: left.days, hours: left.hours });
      case "hours":
        return t("tournaments:hours", { hours: left.hours, minutes: left.minutes });
      case "minutes":
        return t("tournaments:minutes", { minutes: left.minutes });
    }
  };
}
