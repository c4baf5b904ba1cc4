/**
 * Saves a fetched file under `name` through a blob (the server's header names the stored
 * copy, which carries a random suffix). Throws on an HTTP error.
 */
export async function saveResponseAs(res: Response, name: string): Promise<void> {
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
