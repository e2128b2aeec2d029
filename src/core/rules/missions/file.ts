/** Reading a mission file (missions.md §3.1): any JSON value to a MissionFile, or one `<path>: <problem>` line. */
import { formatPath, GameFileError, oneLine } from '../../gamefile';
import { missionFileSchema, type MissionFile } from './format';

export function parseMissionFile(json: unknown): MissionFile {
  const r = missionFileSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new GameFileError(formatPath(issue.path), oneLine(issue.message));
  }
  return r.data;
}

export function parseMissionFileText(text: string): MissionFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GameFileError('(file)', 'not valid JSON');
  }
  return parseMissionFile(json);
}
