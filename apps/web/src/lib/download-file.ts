/**
 * Saves text as a file through a temporary link. CSV starts with a byte-order mark so
 * spreadsheet apps read it as UTF-8 (names with accents stay intact).
 */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv'): void {
  const blob = new Blob([type === 'text/csv' ? `\uFEFF${text}` : text], {
    type: `${type};charset=utf-8`,
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
