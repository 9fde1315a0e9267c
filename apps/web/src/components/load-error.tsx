/** A block whose data could not be loaded, with a way to ask again. */
export function LoadError({ what, retry }: { what: string; retry: () => void }) {
  return (
    <p className="banner banner-error" role="alert">
      {what} could not be loaded.{' '}
      <button type="button" className="link" onClick={retry}>
        Try again
      </button>
    </p>
  );
}
