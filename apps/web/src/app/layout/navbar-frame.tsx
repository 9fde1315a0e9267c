/**
 * The navigation bar's empty frame, as tall as the full bar: shown until the school is known, so that
 * the page below does not move when the bar fills in.
 */
export function NavbarFrame() {
  return (
    <header className="navbar" aria-busy="true">
      <div className="container navbar-inner" />
    </header>
  );
}
