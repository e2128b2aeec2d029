import { saveTextFile } from '../fileDownload';

/** Saves a file of the editors to the player's disk, under a name made from its own. */
export function download(name: string, file: unknown): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'untitled';
  const filename = `${slug}.json`;
  saveTextFile(`${JSON.stringify(file, null, 2)}\n`, filename);
  return filename;
}

/** Reads a file the player picked as text. */
export function readPicked(input: HTMLInputElement): Promise<string | null> {
  const f = input.files?.[0];
  input.value = '';
  return f ? f.text() : Promise.resolve(null);
}
