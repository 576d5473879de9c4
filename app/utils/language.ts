import { LANGUAGE_COOKIE_MAX_AGE, LANGUAGE_KEY, matchLanguage, type Language } from "~/i18n";

/** The stored choice from local storage, if any. */
export function storedLanguage(): Language | null {
  try {
    return matchLanguage(window.localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * Keeps the choice in local storage (the spec's stored choice) and in a
 * cookie (so the server renders it on the first byte), and tells the server
 * for a signed-in player; a failure there is ignored (spec §8).
 */
export async function rememberLanguage(language: Language, signedIn: boolean): Promise<void> {
  storeLanguageLocally(language);
  if (!signedIn) return;
  try {
    const response = await fetch("/api/users/language", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ language }),
    });
    if (!response.ok) console.warn("Language not saved", response.status);
  } catch (error) {
    console.warn("Language not saved", error);
  }
}

/** The browser's side of the choice: local storage, the cookie the server renders from, the page's lang. */
export function storeLanguageLocally(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode: the cookie still carries the choice.
  }
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LANGUAGE_KEY}=${encodeURIComponent(language)}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  document.documentElement.lang = language;
}
