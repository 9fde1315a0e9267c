/** A one-line outcome under an action: green and polite when it worked, red and assertive when not. */
export function ResultLine({ result }: { result: { ok: boolean; text: string } | null }) {
  if (!result) return null;
  return (
    <p className={`banner ${result.ok ? 'banner-success' : 'banner-error'}`} role={result.ok ? 'status' : 'alert'}>
      {result.text}
    </p>
  );
}
