/**
 * Reading a list to add to an army (issue 43): an army file, as a file or pasted in, or a bare list of
 * troopers (`[ { profile }, ... ]`) pasted from another army file. It is checked as an army file on its
 * own, so a problem names its place in what was pasted (`troopers[2].s: expected at most 8`), and a
 * list without a Lieutenant reads as well (it is being added to a list that may have one).
 */
import { GameFileError } from '../../core/api';
import { ARMY_FORMAT, type ArmyFile, parseArmyFile, parseArmyFileText } from '../../core/apiFiles';
import { armyProblem, NO_LIEUTENANT } from './armyEditor';

/** The list in `text`, read as an army file (defaults filled in), or its first problem. */
export function readArmyList(text: string, name = 'Pasted list'): { army: ArmyFile } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // The army file's own reading says where the text stops being JSON.
    try {
      parseArmyFileText(text);
    } catch (e) {
      if (e instanceof GameFileError) return { error: e.message };
      throw e;
    }
    return { error: '(file): not valid JSON' };
  }
  const file = Array.isArray(json) ? { format: ARMY_FORMAT, name, troopers: json } : json;
  const problem = armyProblem(file);
  if (problem === null) return { army: parseArmyFile(file) };
  if (problem !== NO_LIEUTENANT) return { error: problem };
  // It passed every check but the Lieutenant's: read it as it would be with one (every default filled
  // in), then give the first trooper back its own skills.
  const f = file as ArmyFile;
  if (f.troopers.length === 0) return { error: 'troopers: the list is empty' };
  const first = f.troopers[0]!;
  const read = parseArmyFile({ ...f, troopers: [{ ...first, skills: [...first.skills, 'lieutenant'] }, ...f.troopers.slice(1)] });
  read.troopers[0]!.skills = [...first.skills];
  return { army: read };
}
