/**
 * An ARO window, for the reactive player at the screen (ARO-1 to ARO-5): each of their troopers that
 * may react (their hidden ones too, which the opponent's screen never lists), what each may declare
 * (the engine judges every choice by a dry run), and the exact odds of each Face to Face before the
 * dice (TOOL-8). "No ARO" closes the window with nothing. What the active trooper declared is said in
 * words, and drawn on the table (src/scene/AroWindowOverlay.tsx) with the point each reactor would react
 * at; "Choose on the table" lets a click on a path point choose it (ARO-5).
 */
import { useEffect, useMemo, useReducer, useState } from 'react';
import type { AroDeclaration, Command, PlayerId } from '../core/model/types';
import { gameStore, selectLogEntries, useGame } from '../state/gameStore';
import { aroPick, useAroPick } from '../state/aroPick';
import { eventLine, playerLabel } from './labels';
import { ccWeaponList, knownProfiles, nearMissAllies, openWindow, pathLength, plannedOdds, type StateView } from '../core/api';

const pc = (p: number) => `${Math.round(p * 100)}%`;

type Choice = { skill: 'none' } | { skill: 'discover' } | { skill: 'bs-attack'; weapon: string } | { skill: 'cc-attack'; weapon: string } | { skill: 'dodge' } | { skill: 'delay' };

type Point = { x: number; y: number };

function declarationOf(trooper: string, c: Choice, target: string, at?: Point, against?: string): AroDeclaration | null {
  // COORD-6: in a Coordinated Order, the participant it reacts against.
  const where = { ...(at ? { at } : {}), ...(against !== undefined ? { against } : {}) };
  switch (c.skill) {
    case 'none':
      return null;
    case 'discover':
      return { trooper, skill: 'discover', target, ...where };
    case 'bs-attack':
      return { trooper, skill: 'bs-attack', weapon: c.weapon, ...where };
    case 'cc-attack':
      return { trooper, skill: 'cc-attack', weapon: c.weapon, ...(against !== undefined ? { against } : {}) }; // CC-6: taken where the movement ends
    case 'dodge':
      return { trooper, skill: 'dodge', ...where };
    case 'delay':
      return { trooper, skill: 'delay', ...(against !== undefined ? { against } : {}) };
  }
}

const pointLabel = (p: Point) => `x ${Math.round(p.x * 10) / 10}", y ${Math.round(p.y * 10) / 10}"`;

export function AroPanel({ view, player }: { view: StateView; player: PlayerId }) {
  const setup = useGame((s) => s.setup);
  const state = useGame((s) => s.state);
  const ctx = useGame((s) => s.ctx);
  // The window as the engine tells this player of it: who may react, and the path it looks at.
  const open = openWindow(state, player);
  const window = open?.window ?? 1;
  const eligible = open?.eligible ?? [];
  const names = knownProfiles(state, player);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  // COORD-6, COORD-13: in a Coordinated Order's window each reactor picks the participant it reacts against.
  const against = open?.against;
  const [targets, setTargets] = useState<Record<string, string>>({});
  // ARO-5: the point each reactor takes its ARO at, shared with the table's drawing of the window.
  const windowKey = open ? `${view.round}:${view.active}:${open.window}:${open.trooper}:${JSON.stringify(open.path)}` : '';
  useEffect(() => aroPick.getState().open(windowKey), [windowKey]);
  const points = useAroPick((s) => s.chosen);
  const picking = useAroPick((s) => s.picking);
  const setPoints = (next: Record<string, Point | undefined>) => {
    for (const [id, p] of Object.entries(next)) if (points[id] !== p) aroPick.getState().choose(id, p);
  };
  const entries = useGame(selectLogEntries);
  const known = useMemo(() => knownProfiles(state, player), [state, player]);
  // What the active player declared, in words: the last declaration of theirs in this player's log
  // (a Coordinated Order's: every participant's, COORD-4).
  const declared = useMemo(() => {
    for (let i = entries.length - 1; i >= 0; i--) {
      const all = entries[i]!.events.filter((x) => x.type === 'declared' && x.player !== player && x.window === undefined);
      if (all.length) return all.map((e) => eventLine(e, setup, { command: entries[i]!.command, phase: 'game' }, known)).join('; ');
    }
    return null;
  }, [entries, setup, known, player]);
  const activeName = open?.trooper ?? view.order!.trooper;
  const targetOf = (id: string) => (against ? (targets[id] && against[id]?.includes(targets[id]!) ? targets[id]! : (against[id]?.[0] ?? activeName)) : activeName);
  const declOf = (id: string, c: Choice, at?: Point) => declarationOf(id, c, targetOf(id), at, against ? targetOf(id) : undefined);
  const { takes, later } = useDryRuns(state, player);
  const nameOf = (id: string) => names[id]?.name ?? (view.markers[id] ? `Marker ${id}` : id);
  const shownName = names[activeName]?.name ?? (view.markers[activeName] ? `Marker ${activeName}` : activeName);
  // ARO-5: a Move may be reacted to at any point of its path the reactor sees: where it set out, or a
  // waypoint (the engine's default is the last point it sees). COORD-6: in a Coordinated Order, the
  // path of the participant this reactor reacts against.
  const pathPoints = open && open.skill === 'move' ? open.path : [];
  const pathOf = (id: string) => (open && open.skill === 'move' ? (open.paths?.[targetOf(id)] ?? open.path) : []);
  const options = (id: string): { choice: Choice; label: string }[] => {
    const p = names[id];
    const list: { choice: Choice; label: string }[] = [
      { choice: { skill: 'none' }, label: 'No ARO' },
      { choice: { skill: 'discover' }, label: `Discover ${targetOf(id)}` },
      { choice: { skill: 'delay' }, label: 'Delay (against a marker)' },
      { choice: { skill: 'dodge' }, label: 'Dodge' },
      ...(p?.weapons ?? []).map((w) => ({ choice: { skill: 'bs-attack', weapon: w.id } as Choice, label: `BS Attack: ${w.name}` })),
      ...(p ? ccWeaponList(p) : []).map((w) => ({ choice: { skill: 'cc-attack', weapon: w.id } as Choice, label: `CC Attack: ${w.name}` })),
    ];
    // Only what the engine takes for this trooper alone (worked out a few at a time: `useDryRuns`).
    return list.filter((c) => {
      const d = declOf(id, c.choice);
      return !d || later(d);
    });
  };
  const declarations = eligible.flatMap((id) => {
    const d = declOf(id, choices[id] ?? { skill: 'none' }, points[id]);
    return d ? [d] : [];
  });
  /** The path points this reactor's chosen ARO may be taken at, judged by the engine. */
  const pointsFor = (id: string): Point[] => {
    const c = choices[id];
    const path = pathOf(id);
    if (!c || c.skill === 'none' || c.skill === 'delay' || c.skill === 'cc-attack' || path.length === 0) return [];
    return path.filter((p) => {
      const d = declOf(id, c, p);
      return d !== null && takes(d);
    });
  };
  const allowedNow = Object.fromEntries(eligible.map((id) => [id, pointsFor(id)] as const));
  const allowedKey = JSON.stringify(allowedNow);
  useEffect(() => {
    for (const [id, pts] of Object.entries(JSON.parse(allowedKey) as Record<string, Point[]>)) aroPick.getState().setAllowed(id, pts);
  }, [allowedKey]);
  const declKey = JSON.stringify(declarations);
  const lists = Object.fromEntries(eligible.map((id) => [id, options(id)] as const));
  const cmd: Command = useMemo(() => ({ do: 'aros', player, declarations: JSON.parse(declKey) as AroDeclaration[] }), [player, declKey]);
  const r = useMemo(() => gameStore.getState().preview(cmd), [cmd, state]);
  // TOOL-8: the Face to Face rolls the Order would make with these AROs, with the engine's Success Values.
  // TOOL-8: the Face to Face rolls the Order would make with these AROs, with the engine's odds.
  const odds = useMemo(() => {
    if (!r.ok || declarations.length === 0) return [];
    const planned = plannedOdds(state, ctx, player, cmd);
    // The roll it faces may be the active trooper's Dodge (CC-8, ATK-5): then the other side dodges, it does not hit.
    const dodging = (roller: string | undefined) => planned.some((p) => p.roller === roller && p.kind === 'dodge');
    return planned
      .filter((o) => o.kind === 'aro-attack' || (o.kind === 'dodge' && eligible.includes(o.roller)))
      .map((o) => ({ roller: o.roller, kind: o.kind, sv: o.sv, against: o.against?.sv ?? null, againstDodge: dodging(o.against?.roller), mine: o.hit, theirs: o.theirs ?? 0 }));
  }, [r, declarations.length, ctx, state, cmd, player, eligible]);
  if (later.pending()) {
    return (
      <section className="card aro-panel" data-testid="aro-panel-working" aria-busy="true">
        <p className="hint">ARO window {window}: working out what each of your troopers may declare…</p>
      </section>
    );
  }
  return (
    <section className="card aro-panel" data-testid="aro-panel">
      <h3>
        ARO window {window}: {playerLabel(setup, player)} reacts to {open?.paths ? `the Coordinated Order of ${Object.keys(open.paths).map(nameOf).join(', ')}` : shownName}
      </h3>
      {declared && (
        <p className="aro-declared" data-testid="aro-declared">
          {declared}
          {open?.paths ? ' (each path drawn on the table)' : pathPoints.length > 1 ? ` (${Math.round(pathLength(pathPoints[0]!, pathPoints.slice(1)) * 10) / 10}", drawn on the table)` : ''}
        </p>
      )}
      {eligible.length === 0 ? (
        <p className="hint" data-testid="aro-none-eligible">
          None of your troopers may react in this window.
        </p>
      ) : (
        <ul className="aro-list">
          {eligible.map((id) => (
            <li key={id}>
              <span className="aro-name">
                {names[id]?.name ?? id}
                {state.troopers[id]?.status === 'hidden' ? ' (hidden: it appears if it reacts)' : ''}
              </span>
              {against?.[id] && (
                <select
                  data-testid={`aro-against-${id}`}
                  aria-label="The trooper it reacts against"
                  value={targetOf(id)}
                  onChange={(e) => {
                    setTargets({ ...targets, [id]: e.target.value });
                    setChoices({ ...choices, [id]: { skill: 'none' } });
                    setPoints({ ...points, [id]: undefined });
                  }}
                >
                  {against[id]!.map((p) => (
                    <option key={p} value={p}>
                      against {nameOf(p)}
                    </option>
                  ))}
                </select>
              )}
              <select
                data-testid={`aro-choice-${id}`}
                value={JSON.stringify(choices[id] ?? { skill: 'none' })}
                onChange={(e) => {
                  setChoices({ ...choices, [id]: JSON.parse(e.target.value) as Choice });
                  setPoints({ ...points, [id]: undefined });
                }}
              >
                {lists[id]!.map((c) => (
                  <option key={JSON.stringify(c.choice)} value={JSON.stringify(c.choice)}>
                    {c.label}
                  </option>
                ))}
              </select>
              {allowedNow[id]!.length > 1 && (
                <button
                  type="button"
                  className={picking === id ? 'active' : undefined}
                  aria-pressed={picking === id}
                  data-testid={`aro-pick-${id}`}
                  onClick={() => aroPick.getState().pick(picking === id ? null : id)}
                  title="Click one of the discs on the path: the point where it reacts"
                >
                  {picking === id ? 'Click a disc on the path…' : 'Choose on the table'}
                </button>
              )}
              {allowedNow[id]!.length > 0 && (
                <select
                  className="aro-at"
                  data-testid={`aro-at-${id}`}
                  aria-label="Where on the path to react"
                  value={points[id] ? JSON.stringify(points[id]) : ''}
                  onChange={(e) => setPoints({ ...points, [id]: e.target.value ? (JSON.parse(e.target.value) as Point) : undefined })}
                >
                  <option value="">at the last point it sees</option>
                  {allowedNow[id]!.map((p) => (
                    <option key={JSON.stringify(p)} value={JSON.stringify(p)}>
                      at {pointLabel(p)}
                    </option>
                  ))}
                </select>
              )}
            </li>
          ))}
        </ul>
      )}
      {odds.map((x) => (
        <p key={x.roller} className="odds" data-testid={`aro-odds-${x.roller}`}>
          {names[x.roller]?.name ?? x.roller} at {x.sv}
          {x.against !== null ? ` against ${x.against}` : ''}: {x.kind === 'dodge' ? 'dodges' : 'hits'} {pc(x.mine)}
          {x.against !== null ? (x.againstDodge ? `, it dodges ${pc(x.theirs)}` : `, hit by the attack ${pc(x.theirs)}`) : ''}
          {x.against === null && x.kind !== 'dodge' && window === 1 ? ' (a Normal roll as things stand: Face to Face if the second skill attacks back)' : ''}
        </p>
      ))}
      {declarations.map((d) => {
        // CC-10 in ARO: shooting at an active trooper Engaged with this side's troopers. An ARO names no
        // `stray` (close-combat.md §3): a near miss hits the first of them the core lists, said here.
        const at = targetOf(d.trooper);
        const allies = d.skill === 'bs-attack' && state.troopers[d.trooper] && state.troopers[at] ? nearMissAllies(state, d.trooper, at) : [];
        return allies.length === 0 ? null : (
          <p key={`stray-${d.trooper}`} className="hint" data-testid={`aro-stray-${d.trooper}`}>
            CC-10: {nameOf(at)} is Engaged with {allies.map(nameOf).join(', ')}: {nameOf(d.trooper)} shoots into a close combat (its odds take the MOD); a near miss hits {nameOf(allies[0]!)} (an ARO names no other).
          </p>
        );
      })}
      {!r.ok && <p className="notice error">{`${r.rejection.rule ? `${r.rejection.rule}: ` : ''}${r.rejection.message}`}</p>}
      <button type="button" className="primary" disabled={!r.ok} data-testid="declare-aros" onClick={() => gameStore.getState().dispatch(cmd)}>
        {declarations.length ? 'Declare the AROs' : 'No ARO'}
      </button>
    </section>
  );
}

/**
 * The engine's dry run of one reactor's declaration alone (each a Line of Fire test along the path),
 * once a state. `takes` answers at once (a choice the player just made: its path points); `later`
 * answers what is known and queues the rest, worked through in slices of about 20 ms, one task each,
 * and the panel drawn again when all are known (`later.pending()` until then). Issue 41: the lists of
 * choices of every reactor, worked out in one go and again at each drawing of the panel, were the
 * longest task of the window's hand-over (90-160 ms of the main thread's own time on a quiet machine).
 */
function useDryRuns(state: unknown, player: PlayerId) {
  const [, drawn] = useReducer((n: number) => n + 1, 0);
  const runs = useMemo(() => {
    const known = new Map<string, boolean>();
    const queue = new Map<string, AroDeclaration>();
    const run = (key: string, d: AroDeclaration) => {
      const ok = gameStore.getState().preview({ do: 'aros', player, declarations: [d] }).ok;
      known.set(key, ok);
      queue.delete(key);
      return ok;
    };
    const takes = (d: AroDeclaration) => {
      const key = JSON.stringify(d);
      return known.get(key) ?? run(key, d);
    };
    const later = Object.assign(
      (d: AroDeclaration) => {
        const key = JSON.stringify(d);
        const ok = known.get(key);
        if (ok === undefined) queue.set(key, d);
        return ok === true;
      },
      { pending: () => queue.size > 0 },
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const work = () => {
      const from = performance.now();
      for (const [key, d] of queue) {
        run(key, d);
        if (performance.now() - from > 20) break;
      }
      timer = queue.size > 0 ? setTimeout(work, 0) : undefined;
      if (queue.size === 0) drawn();
    };
    const start = () => {
      if (queue.size > 0 && timer === undefined) timer = setTimeout(work, 0);
    };
    const stop = () => clearTimeout(timer);
    return { takes, later, start, stop };
    // `state` is what a dry run reads (the store's own, at the time of the call).
  }, [state, player]);
  // After each drawing: what it queued is worked out from the next task on.
  useEffect(() => runs.start());
  useEffect(() => runs.stop, [runs]);
  return runs;
}
