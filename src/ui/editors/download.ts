/** Saves a file of the editors to the player's disk, under a name made from its own. */
export function download(name: string, file: unknown): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'untitled';
  const filename = `${slug}.json`;
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return filename;
}

/** Reads a file the player picked as text. */
export function readPicked(input: HTMLInputElement): Promise<string | null> {
  const f = input.files?.[0];
  input.value = '';
  return f ? f.text() : Promise.resolve(null);
}
