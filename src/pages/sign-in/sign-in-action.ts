import { type LoginInput, loginSchema } from "../../contract";
import { authProvider } from "../../providers/session-http";
import type { Language } from "../../contract";
import { translateMessage } from "../../i18n/messages";
import { signInFailed, signInSuccess } from "../../providers/auth-provider";

export type SignInFields = Record<"username" | "password", string>;

export type SignInOutcome =
  | { kind: "invalid"; errors: Partial<SignInFields> }
  | { kind: "signed-in"; redirectTo: string; message: string }
  | { kind: "failed"; title: string; reason: string };

/**
 * What the Sign In button does (spec §2, §5, §6): checks the fields against the contract's login
 * schema, then signs in through the auth provider. Loaded after the form is on screen, so the first
 * download carries neither zod nor the HTTP client.
 */
export async function signIn(values: SignInFields, language?: Language): Promise<SignInOutcome> {
  const parsed = loginSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<SignInFields> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof SignInFields] ??= translateMessage(issue.message);
    return { kind: "invalid", errors };
  }
  const result = await authProvider.login({ ...parsed.data, language });
  if (result.success) return { kind: "signed-in", redirectTo: result.redirectTo ?? "/", message: signInSuccess() };
  return { kind: "failed", title: result.error?.name ?? signInFailed(), reason: result.error?.message ?? "" };
}
