/**
 * What is wrong with an ID or the selfie, as a bulleted list (spec 1 §5) that the field's controls point to;
 * announced when it appears (a file picked can be refused without the focus moving).
 */
export function KycErrorList({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div role="alert">
      <ul id={id} className="kyc-errors">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}
