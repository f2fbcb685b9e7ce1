import { type LoginInput, loginSchema } from "../../contract";
import { authProvider } from "../../providers/session-http";
import { SIGN_IN_FAILED, SIGN_IN_SUCCESS } from "../../providers/auth-provider";

export type SignInFields = Record<keyof LoginInput, string>;

export type SignInOutcome =
  | { kind: "invalid"; errors: Partial<SignInFields> }
  | { kind: "signed-in"; redirectTo: string; message: string }
  | { kind: "failed"; title: string; reason: string };

/**
 * What the Sign In button does (spec §2, §5, §6): checks the fields against the contract's login
 * schema, then signs in through the auth provider. Loaded after the form is on screen, so the first
 * download carries neither zod nor the HTTP client.
 */
export async function signIn(values: SignInFields): Promise<SignInOutcome> {
  const parsed = loginSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<SignInFields> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof SignInFields] ??= issue.message;
    return { kind: "invalid", errors };
  }
  const result = await authProvider.login(parsed.data);
  if (result.success) return { kind: "signed-in", redirectTo: result.redirectTo ?? "/", message: SIGN_IN_SUCCESS };
  return { kind: "failed", title: result.error?.name ?? SIGN_IN_FAILED, reason: result.error?.message ?? "" };
}
