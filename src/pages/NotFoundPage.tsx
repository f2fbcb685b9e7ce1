/** Spec §2: any other path shows this text. */
export function NotFoundPage() {
  return (
    <main style={{ padding: 48, textAlign: "center" }}>
      <h1>404 Not Found</h1>
    </main>
  );
}
