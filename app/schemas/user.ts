import { z } from "zod";
import { LANGUAGES } from "~/i18n";
import { NICKNAME_MAX, NICKNAME_MIN } from "~/utils/limits";

export { NICKNAME_MAX, NICKNAME_MIN };

// Nicknames that say what is wrong: docs/decisions/126-errors-where-the-eye-is.md.

/** Characters a nickname may not hold: control and other invisible characters, and the markup signs. */
const NICKNAME_FORBIDDEN = /[\p{C}<>]/u;

/** A nickname as it is stored: trimmed, inner runs of spaces made one. */
export function tidyNickname(value: string): string {
  return value.trim().replace(/\s+/g, " ");
}

/**
 * What is wrong with a nickname, the first rule it breaks: forbidden characters (whatever its
 * length: `<b>x</b>` has 8 characters, its problem is `<` and `>`), then the length, counted in
 * characters as a person counts them. Null when it is fine.
 */
export function nicknameProblem(value: string): "characters" | "length" | null {
  const nickname = tidyNickname(value);
  if (NICKNAME_FORBIDDEN.test(nickname)) return "characters";
  const length = [...nickname].length;
  if (length < NICKNAME_MIN || length > NICKNAME_MAX) return "length";
  return null;
}

/** The limits the texts name. */
export const NICKNAME_LIMITS = { min: NICKNAME_MIN, max: NICKNAME_MAX };

/** The text that says what is wrong ("profile:…" keys). */
export const NICKNAME_PROBLEM_KEYS = { characters: "profile:nicknameCharacters", length: "profile:nicknameInvalid" } as const;

/** Trimmed, 2 to 20 characters, no control characters and no `<` or `>`. */
export const NicknameSchema = z
  .string()
  .transform(tidyNickname)
  .pipe(z.string().refine((value) => nicknameProblem(value) === null));

export const UpdateProfileSchema = z.object({ nickname: NicknameSchema });
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;

export const UpdateLanguageSchema = z.object({ language: z.enum(LANGUAGES) });

export const CreateSessionSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
});

/** The profile's "private games" switch (a form: "true" / "false"). */
export const GamesPrivateFormSchema = z.object({ games_private: z.enum(["true", "false"]).transform((value) => value === "true") });
