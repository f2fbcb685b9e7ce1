import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { landingPathFor } from "../session/landing";
import { useSession } from "../session/useSession";

/** Spec §2: any other path shows this text; a link leads back to the user's dashboard, or to sign-in. */
export function NotFoundPage() {
  const { user } = useSession();
  const { t } = useTranslation();
  const home = user ? landingPathFor(user.roles) : "/signin";
  return (
    <main style={{ padding: 48, textAlign: "center" }}>
      <h1>{t("shell.notFound.title")}</h1>
      <p>{t("shell.notFound.text")}</p>
      <Link to={home === "/" ? "/signin" : home} style={{ textDecoration: "underline" }}>{user ? t("shell.notFound.backToDashboard") : t("shell.notFound.goToSignIn")}</Link>
    </main>
  );
}
