/**
 * Feature test instead of a user-agent list: the app needs these to run at all
 * (modal dialogs, Web Crypto for the human check, modern CSS and JS).
 */
export function isSupportedBrowser(): boolean {
  return (
    typeof HTMLDialogElement === 'function' &&
    typeof crypto !== 'undefined' &&
    typeof crypto.subtle?.digest === 'function' &&
    typeof structuredClone === 'function' &&
    typeof CSS !== 'undefined' &&
    CSS.supports('display', 'grid') &&
    CSS.supports('color', 'var(--x)')
  );
}
