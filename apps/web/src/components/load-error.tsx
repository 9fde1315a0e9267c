/** Either what could not be loaded (our own sentence), or the whole message a feature shows for its failures. */
type Failure = { what: string; message?: never } | { message: string; what?: never };

/** A block whose data could not be loaded, with a way to ask again. */
export function LoadError({ what, message, retry }: Failure & { retry: () => void }) {
  return (
    <p className="banner banner-error" role="alert">
      {message ?? `${what} could not be loaded.`}{' '}
      <button type="button" className="link" onClick={retry}>
        Try again
      </button>
    </p>
  );
}
