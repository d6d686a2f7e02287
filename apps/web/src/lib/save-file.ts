/**
 * Hands a file the app made or fetched to the browser's download (statements, receipts, signed
 * agreements). The link is in the page while clicked (some browsers ignore a detached one) and
 * the blob URL is freed once the download has surely started.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
