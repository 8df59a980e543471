/** The payment provider's hosted pages live on its site: the browser leaves the app for them. */
export function leaveFor(address: string): void {
  window.location.assign(address);
}

/**
 * Opens a file address (an invoice PDF) the way a link would: saved as a download when it is
 * served from the app's own origin, in a new tab from the provider's. The app stays open.
 */
export function openFile(address: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = address;
  link.download = fileName;
  link.target = '_blank';
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
