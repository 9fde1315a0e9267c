/** Hands a fetched file to the browser as a download, under the name the server gives it too. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Some browsers read the blob a while after the click: the address is kept for a minute, then let go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
