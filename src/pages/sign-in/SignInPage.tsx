import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "../../components/LanguageSwitch";
import { languageChosenBeforeSignIn, useLanguage } from "../../i18n/useLanguage";
import { holdNotificationsForNextScreen, notifyError, notifySuccess } from "../../providers/notifier";
import { sessionStore } from "../../session/session";
import { PasswordField, SubmitButton, TextField } from "./fields";
import type { SignInFields } from "./sign-in-action";
import styles from "./SignInPage.module.css";

const loadAction = () => import("./sign-in-action");
const ToastHost = lazy(() => import("../../components/ToastHost"));

/**
 * Spec §2 "Sign in" and §5 messages. Light on purpose (issue 13: usable within 2.5 s on a slow link
 * with at most 150 kB of JavaScript): no antd (./fields.tsx draws its look); the field check (zod), the HTTP
 * client and the notification area load when the user first touches the form (a key, a click, a
 * tap, a filled-in field), not on arrival, so a visitor who only looks downloads nothing more.
 */
export default function SignInPage() {
  const [values, setValues] = useState<SignInFields>({ username: "", password: "" });
  const [errors, setErrors] = useState<Partial<SignInFields>>({});
  const [pending, setPending] = useState(false);
  const [toasts, setToasts] = useState(false);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { language } = useLanguage();
  // Why the last session ended ("...after 30 minutes without activity"), said once on arrival.
  const [notice] = useState(() => sessionStore.endNotice());
  useEffect(() => sessionStore.forgetEndNotice(), []);

  const started = useRef(false);
  const start = () => {
    if (started.current) return;
    started.current = true;
    void loadAction();
    // Not in the same render as the field's own change: a screen part that suspends there would
    // leave that first change out of the field.
    setTimeout(() => setToasts(true));
  };

  // The landing after sign-in always follows spec §6, so a ?to= query is dropped before anyone signs in.
  const query = new URLSearchParams(search);
  if (query.has("to")) {
    query.delete("to");
    return <Navigate replace to={{ pathname, search: query.toString() }} />;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setToasts(true);
    try {
      const outcome = await (await loadAction()).signIn(values, languageChosenBeforeSignIn() ? language : undefined);
      setErrors(outcome.kind === "invalid" ? outcome.errors : {});
      if (outcome.kind === "signed-in") {
        // The dashboard's notification area shows it; this screen's leaves with the screen.
        holdNotificationsForNextScreen();
        notifySuccess(outcome.message);
        navigate(outcome.redirectTo);
        return;
      }
      if (outcome.kind === "failed") notifyError(outcome.title, outcome.reason, "login-error");
    } finally {
      setPending(false);
    }
  };

  const field = (name: keyof SignInFields) => ({
    id: `signin-${name}`,
    name,
    value: values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `signin-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });
  const fieldError = (name: keyof SignInFields) =>
    errors[name] ? (
      <div id={`signin-${name}-error`} className={styles.error}>
        {errors[name]}
      </div>
    ) : null;

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="signin-title">
        <LanguageSwitch className={styles.languages} />
        <p className={styles.product} data-testid="product-name">
          {t("common.productName")}
        </p>
        <h1 id="signin-title" className={styles.title}>
          {t("signIn.title")}
        </h1>
        <p className={styles.subtitle}>{t("signIn.subtitle")}</p>
        {notice && (
          <div role="alert" className={styles.notice}>
            {notice}
          </div>
        )}
        <form
          onSubmit={submit}
          noValidate
          onKeyDownCapture={start}
          onPointerDownCapture={start}
          onInputCapture={start}
        >
          <div className={styles.item}>
            <label htmlFor="signin-username" className={styles.label}>
              {t("signIn.username")}
            </label>
            <TextField {...field("username")} autoComplete="username" autoFocus />
            {fieldError("username")}
          </div>
          <div className={styles.item}>
            <label htmlFor="signin-password" className={styles.label}>
              {t("signIn.password")}
            </label>
            <PasswordField {...field("password")} autoComplete="current-password" showLabel={t("signIn.showTyped")} />
            {fieldError("password")}
          </div>
          <SubmitButton loading={pending}>{t("signIn.submit")}</SubmitButton>
        </form>
      </section>
      {toasts && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
    </main>
  );
}
