/** Saves `content` as a file named `name` through the browser's download, with no server call. */
export function downloadFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started once click() returns; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
