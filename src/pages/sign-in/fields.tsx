/**
 * The sign-in form's fields and button in antd's default look (SignInPage.module.css), without antd's
 * code: the sign-in page is the first download on a slow link (issue 13, issue 28: at most 150 kB of
 * JavaScript as sent), and antd's Input alone brings its form and theme machinery.
 */
import EyeInvisibleOutlined from "@ant-design/icons-svg/es/asn/EyeInvisibleOutlined";
import EyeOutlined from "@ant-design/icons-svg/es/asn/EyeOutlined";
import LoadingOutlined from "@ant-design/icons-svg/es/asn/LoadingOutlined";
import { type InputHTMLAttributes, type ReactNode, useState } from "react";
import spinner from "../../components/LightSpinner.module.css";
import { SvgIcon as Icon } from "../../components/SvgIcon";
import styles from "./SignInPage.module.css";

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "type">;

export function TextField(props: FieldProps) {
  return <input {...props} type="text" className={styles.input} />;
}

/**
 * A password field with antd's eye to show what is typed; the eye is a button, reachable by keyboard,
 * whose name leaves out "password" so the field alone answers to its label.
 */
export function PasswordField({ showLabel, ...props }: FieldProps & { showLabel: string }) {
  const [shown, setShown] = useState(false);
  return (
    <span className={styles.affix} data-invalid={props["aria-invalid"] ? "true" : undefined}>
      <input {...props} type={shown ? "text" : "password"} className={styles.affixInput} />
      <button type="button" className={styles.eye} aria-label={showLabel} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        <Icon definition={shown ? EyeOutlined : EyeInvisibleOutlined} />
      </button>
    </span>
  );
}

/** antd's primary block button; while `loading`, its spinner, and presses do nothing. */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={styles.submit} aria-busy={loading || undefined}>
      {loading && <Icon definition={LoadingOutlined} className={spinner.spin} />}
      <span>{children}</span>
    </button>
  );
}
