import { z } from "zod";
import { LANGUAGES } from "~/i18n";
import { NICKNAME_MAX } from "~/utils/limits";

export { NICKNAME_MAX };

/** Trimmed, 1 to 20 visible characters, no control characters. */
export const NicknameSchema = z
  .string()
  .transform((value) => value.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1)
      .max(NICKNAME_MAX)
      .regex(/^[^\p{C}<>]+$/u),
  );

export const UpdateProfileSchema = z.object({ nickname: NicknameSchema });
export type UpdateProfile = z.infer<typeof UpdateProfileSchema>;

export const UpdateLanguageSchema = z.object({ language: z.enum(LANGUAGES) });

export const CreateSessionSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
});

/** The profile's "private games" switch (a form: "true" / "false"). */
export const GamesPrivateFormSchema = z.object({ games_private: z.enum(["true", "false"]).transform((value) => value === "true") });
