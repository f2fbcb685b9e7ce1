import { Link } from "react-router";
import { landingPathFor } from "../session/landing";
import { useSession } from "../session/useSession";

/** Spec §2: any other path shows this text; a link leads back to the user's dashboard, or to sign-in. */
export function NotFoundPage() {
  const { user } = useSession();
  const home = user ? landingPathFor(user.roles) : "/signin";
  return (
    <main style={{ padding: 48, textAlign: "center" }}>
      <h1>404 Not Found</h1>
      <p>There is no page at this address.</p>
      <Link to={home === "/" ? "/signin" : home} style={{ textDecoration: "underline" }}>{user ? "Back to your dashboard" : "Go to sign in"}</Link>
    </main>
  );
}
