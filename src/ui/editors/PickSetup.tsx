/**
 * New game from armies and a table (TOOL-9): two armies (shipped or one's own) as players A and B and
 * a table (shipped or one's own), made into a game file of the usual format by `composeGameFile`.
 * One's own that are not ready (an army without its Lieutenant) are listed, greyed, with the reason.
 */
import { Fragment, useEffect, useMemo, useState } from 'react';
import type { GameFile } from '../../core/model/types';
import { shippedArmies, shippedTables, type Shipped } from '../../state/editors/assets';
import { shippedMissions } from '../../state/editors/missions';
import { openEditor, useLibrary, type LibraryEntry } from '../../state/editors/library';
import './pick.css';
import { GameFileError } from '../../core/api';
import { type ArmyFile, armyTally, composeGameFile, layProblem, type MissionFile, openArmy, parseArmyFile, parseTableFile, type TableFile, terrainCover } from '../../core/apiFiles';
import type { PlayerId } from '../../core/model/types';
import { OpenList } from './OpenList';

interface Choice<T> {
  value: string;
  label: string;
  file: T | null;
  problem: string | null;
}

function ownChoices<T>(entries: LibraryEntry[], parse: (json: unknown) => T, name: (t: T) => string): Choice<T>[] {
  return entries.map((e) => {
    try {
      const file = parse(e.file);
      return { value: `own:${e.key}`, label: name(file), file, problem: null };
    } catch (err) {
      if (!(err instanceof GameFileError)) throw err;
      const n = (e.file as { name?: unknown })?.name;
      return { value: `own:${e.key}`, label: typeof n === 'string' ? n : e.key, file: null, problem: err.message };
    }
  });
}

const shippedChoices = <T extends { name: string }>(list: Shipped<T>[]): Choice<T>[] => list.map((s) => ({ value: `shipped:${s.path}`, label: s.file.name, file: s.file, problem: null }));

function Picker<T>({ label, value, own, shipped, onChange, testId }: { label: string; value: string; own: Choice<T>[]; shipped: Choice<T>[]; onChange: (v: string) => void; testId: string }) {
  return (
    <label className="pick-row">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {own.length > 0 && (
          <optgroup label="Yours">
            {own.map((c) => (
              <option key={c.value} value={c.value} disabled={c.file === null}>
                {c.label}
                {c.problem ? ' (not ready)' : ''}
              </option>
            ))}
          </optgroup>
        )}
        <optgroup label="Shipped">
          {shipped.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </optgroup>
      </select>
    </label>
  );
}

/** `privateLists` (Hotseat with PINs, PRIV-5): a list its player has said is chosen shows only its open part. */
export default function PickSetup({ onChange, privateLists = false }: { onChange: (picked: { file: GameFile } | { error: string } | null) => void; privateLists?: boolean }) {
  const [done, setDone] = useState<Record<PlayerId, boolean>>({ A: false, B: false });
  const [armies, setArmies] = useState<Choice<ArmyFile>[]>([]);
  const [tables, setTables] = useState<Choice<TableFile>[]>([]);
  const ownArmyEntries = useLibrary((s) => s.armies);
  const ownTableEntries = useLibrary((s) => s.tables);
  const ownArmies = useMemo(() => ownChoices(ownArmyEntries, parseArmyFile, (a) => a.name), [ownArmyEntries]);
  const ownTables = useMemo(() => ownChoices(ownTableEntries, parseTableFile, (t) => t.name), [ownTableEntries]);
  const [pick, setPick] = useState<{ a: string; b: string; table: string } | null>(null);
  // MIS-21: the mission the game is played to, or none (a game as before).
  const [missions, setMissions] = useState<Shipped<MissionFile>[]>([]);
  const [missionPath, setMissionPath] = useState('');
  useEffect(() => {
    let live = true;
    void shippedMissions().then((m) => live && setMissions(m));
    return () => {
      live = false;
    };
  }, []);
  const mission = missions.find((m) => m.path === missionPath)?.file;

  useEffect(() => {
    let live = true;
    void Promise.all([shippedArmies(), shippedTables()]).then(([a, t]) => {
      if (!live) return;
      setArmies(shippedChoices(a));
      setTables(shippedChoices(t));
    });
    return () => {
      live = false;
    };
  }, []);

  // First choices: one's own newest army and table where there are some, else the demo's.
  useEffect(() => {
    if (pick || armies.length === 0 || tables.length === 0) return;
    const ready = <T,>(c: Choice<T>[]) => [...c].reverse().find((x) => x.file !== null)?.value;
    setPick({
      a: ready(ownArmies) ?? armies[0]!.value,
      b: armies.find((c) => c.label === 'Tidewater Concord')?.value ?? armies[armies.length - 1]!.value,
      table: ready(ownTables) ?? tables.find((c) => c.label === 'Nexus Station')?.value ?? tables[0]!.value,
    });
  }, [pick, armies, tables, ownArmies, ownTables]);

  const all = { armies: [...ownArmies, ...armies], tables: [...ownTables, ...tables] };
  const a = all.armies.find((c) => c.value === pick?.a)?.file ?? null;
  const b = all.armies.find((c) => c.value === pick?.b)?.file ?? null;
  const table = all.tables.find((c) => c.value === pick?.table)?.file ?? null;

  const composed = useMemo((): { file: GameFile } | { error: string } | null => {
    if (!a || !b || !table) return null;
    try {
      const misfit = mission ? layProblem(mission, table) : null;
      if (misfit) return { error: `${mission!.name} does not fit this table: ${misfit}` };
      return { file: composeGameFile(table, a, b, { random: true }, mission) };
    } catch (e) {
      if (e instanceof GameFileError) return { error: e.message };
      throw e;
    }
  }, [a, b, table, mission]);

  useEffect(() => onChange(composed), [composed, onChange]);

  if (!pick) return <p className="muted">Loading the armies and tables…</p>;
  const sum = (army: ArmyFile | null) => {
    if (!army) return '';
    const t = armyTally(army.troopers);
    return `${t.troopers} troopers, ${t.points} points`;
  };
  return (
    <div className="pick-setup" data-testid="pick-setup">
      {(['A', 'B'] as const).map((side) => {
        const army = side === 'A' ? a : b;
        if (privateLists && done[side] && army) {
          return <OpenList key={side} side={side} army={openArmy(army)} onAgain={() => setDone({ ...done, [side]: false })} />;
        }
        return (
          <Fragment key={side}>
            <Picker label={`Player ${side}`} value={side === 'A' ? pick.a : pick.b} own={ownArmies} shipped={armies} onChange={(v) => setPick(side === 'A' ? { ...pick, a: v } : { ...pick, b: v })} testId={`pick-army-${side}`} />
            <p className="muted pick-sum">
              {sum(army)}
              {privateLists && army && (
                <button type="button" className="link pick-done" onClick={() => setDone({ ...done, [side]: true })} data-testid={`pick-done-${side}`}>
                  Done: hide Player {side}&apos;s list
                </button>
              )}
            </p>
          </Fragment>
        );
      })}
      <Picker label="Table" value={pick.table} own={ownTables} shipped={tables} onChange={(v) => setPick({ ...pick, table: v })} testId="pick-table" />
      <p className="muted pick-sum">
        {table ? `${table.table.width}" x ${table.table.depth}", ${table.terrain.length} pieces, ${Math.round(terrainCover(table) * 100)}% covered` : ''}
      </p>
      <label className="pick-row">
        <span>Mission</span>
        <select value={missionPath} onChange={(e) => setMissionPath(e.target.value)} data-testid="pick-mission">
          <option value="">None: play to the last trooper standing</option>
          {missions.map((m) => (
            <option key={m.path} value={m.path}>
              {m.file.name}
            </option>
          ))}
        </select>
      </label>
      {mission && <p className="muted pick-sum">{mission.summary}</p>}
      {composed && 'error' in composed && (
        <p className="error" role="alert" data-testid="pick-error">
          {composed.error}
        </p>
      )}
      <p className="pick-edit">
        <button type="button" className="link" onClick={() => openEditor('army')} data-testid="pick-edit-armies">
          Make or change an army…
        </button>
        <button type="button" className="link" onClick={() => openEditor('table')} data-testid="pick-edit-tables">
          Make or change a table…
        </button>
      </p>
    </div>
  );
}
