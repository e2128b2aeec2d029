/**
 * An ARO window, for the reactive player at the screen (ARO-1 to ARO-5): each of their troopers that
 * may react (their hidden ones too, which the opponent's screen never lists), what each may declare
 * (the engine judges every choice by a dry run), and the exact odds of each Face to Face before the
 * dice (TOOL-8). "No ARO" closes the window with nothing.
 */
import { useMemo, useState } from 'react';
import type { AroDeclaration, Command, GameEvent, PlayerId } from '../core/model/types';
import { apply } from '../core/engine';
import { burstOdds } from '../core/rules/attacks/burst';
import { Tx } from '../core/rules/context';
import { attacksAgainst, plannedRolls } from '../core/rules/orders/resolution/plan';
import { knownProfiles, type StateView } from '../core/view';
import { gameStore, selectLog, useGame } from '../state/gameStore';
import { playerLabel } from './labels';

const pc = (p: number) => `${Math.round(p * 100)}%`;

type Choice = { skill: 'none' } | { skill: 'discover' } | { skill: 'bs-attack'; weapon: string } | { skill: 'dodge' } | { skill: 'delay' };

type Point = { x: number; y: number };

function declarationOf(trooper: string, c: Choice, target: string, at?: Point): AroDeclaration | null {
  const where = at ? { at } : {};
  switch (c.skill) {
    case 'none':
      return null;
    case 'discover':
      return { trooper, skill: 'discover', target, ...where };
    case 'bs-attack':
      return { trooper, skill: 'bs-attack', weapon: c.weapon, ...where };
    case 'dodge':
      return { trooper, skill: 'dodge', ...where };
    case 'delay':
      return { trooper, skill: 'delay' };
  }
}

const pointLabel = (p: Point) => `x ${Math.round(p.x * 10) / 10}", y ${Math.round(p.y * 10) / 10}"`;

export function AroPanel({ view, player }: { view: StateView; player: PlayerId }) {
  const setup = useGame((s) => s.setup);
  const state = useGame((s) => s.state);
  const ctx = useGame((s) => s.ctx);
  const log = useGame(selectLog);
  const o = view.order!;
  const window = o.stage === 'aro1' ? 1 : 2;
  // The window's eligible troopers, as this player's view lists them (its hidden ones included).
  const eligible = useMemo(() => {
    const w = [...log].reverse().find((e): e is Extract<GameEvent, { type: 'aroWindow' }> => e.type === 'aroWindow');
    return w && w.window === window ? w.eligible : [];
  }, [log, window]);
  const names = knownProfiles(state, player);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [points, setPoints] = useState<Record<string, Point | undefined>>({});
  const activeName = o.trooper;
  const shownName = names[o.trooper]?.name ?? (view.markers[o.trooper] ? `Marker ${o.trooper}` : o.trooper);
  // ARO-5: a Move may be reacted to at any point of its path the reactor sees: where it set out, or a
  // waypoint (the engine's default is the last point it sees).
  const pathPoints = useMemo(() => {
    const decl = [...log].reverse().find((e): e is Extract<GameEvent, { type: 'declared' }> => e.type === 'declared' && e.window === undefined);
    if (!decl || (decl.skill !== 'move' && decl.skill !== 'cautious-move') || !('path' in decl)) return [];
    const mover = view.troopers[o.trooper] ?? view.markers[o.trooper];
    const start = mover && mover.x !== null && mover.y !== null ? [{ x: mover.x, y: mover.y }] : [];
    return [...start, ...decl.path];
  }, [log, view, o.trooper]);
  const options = (id: string): { choice: Choice; label: string }[] => {
    const p = names[id];
    const list: { choice: Choice; label: string }[] = [
      { choice: { skill: 'none' }, label: 'No ARO' },
      { choice: { skill: 'discover' }, label: `Discover ${activeName}` },
      { choice: { skill: 'delay' }, label: 'Delay (against a marker)' },
      { choice: { skill: 'dodge' }, label: 'Dodge' },
      ...(p?.weapons ?? []).map((w) => ({ choice: { skill: 'bs-attack', weapon: w.id } as Choice, label: `BS Attack: ${w.name}` })),
    ];
    // Only what the engine takes for this trooper alone.
    return list.filter((c) => {
      const d = declarationOf(id, c.choice, activeName);
      if (!d) return true;
      return gameStore.getState().preview({ do: 'aros', player, declarations: [d] }).ok;
    });
  };
  const declarations = eligible.flatMap((id) => {
    const d = declarationOf(id, choices[id] ?? { skill: 'none' }, activeName, points[id]);
    return d ? [d] : [];
  });
  /** The path points this reactor's chosen ARO may be taken at, judged by the engine. */
  const pointsFor = (id: string): Point[] => {
    const c = choices[id];
    if (!c || c.skill === 'none' || c.skill === 'delay' || pathPoints.length === 0) return [];
    return pathPoints.filter((p) => {
      const d = declarationOf(id, c, activeName, p);
      return d !== null && gameStore.getState().preview({ do: 'aros', player, declarations: [d] }).ok;
    });
  };
  const cmd: Command = { do: 'aros', player, declarations };
  const r = gameStore.getState().preview(cmd);
  // TOOL-8: the Face to Face rolls the Order would make with these AROs, with the engine's Success Values.
  const odds = useMemo(() => {
    if (!r.ok || declarations.length === 0) return [];
    // Where closing this window resolves the Order at once (a Combat Jump, an Entire Order, window 2),
    // the same AROs with dice by hand stop before the dice, with every roll planned.
    let next = r.state;
    if (!next.order) {
      const held = apply({ ...state, dice: { mode: 'manual' } }, cmd, ctx);
      if (held.ok) next = held.state;
    }
    const order = next.order ?? null;
    if (!order) return [];
    const tx = new Tx(next, next, ctx);
    const planned = plannedRolls(tx, order);
    return planned
      .filter((p) => p.roller !== order.trooper && (p.kind === 'aro-attack' || p.kind === 'dodge'))
      .map((p) => {
        const against = attacksAgainst(planned, p.roller)[0];
        const o2 = burstOdds(p.sv, p.dice, against ? against.sv : null, against ? against.dice : 1);
        // burstOdds' side A is the reactor.
        const mine = o2.outcomes.filter((x) => x.side === 'A').reduce((s, x) => s + x.p, 0);
        const theirs = o2.outcomes.filter((x) => x.side === 'B').reduce((s, x) => s + x.p, 0);
        return { roller: p.roller, kind: p.kind, sv: p.sv, against: against?.sv ?? null, mine, theirs };
      });
  }, [r, declarations.length, ctx, state, cmd]);
  return (
    <section className="card aro-panel" data-testid="aro-panel">
      <h3>
        ARO window {window}: {playerLabel(setup, player)} reacts to {shownName}
      </h3>
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
              <select
                data-testid={`aro-choice-${id}`}
                value={JSON.stringify(choices[id] ?? { skill: 'none' })}
                onChange={(e) => {
                  setChoices({ ...choices, [id]: JSON.parse(e.target.value) as Choice });
                  setPoints({ ...points, [id]: undefined });
                }}
              >
                {options(id).map((c) => (
                  <option key={JSON.stringify(c.choice)} value={JSON.stringify(c.choice)}>
                    {c.label}
                  </option>
                ))}
              </select>
              {pointsFor(id).length > 0 && (
                <select
                  className="aro-at"
                  data-testid={`aro-at-${id}`}
                  aria-label="Where on the path to react"
                  value={points[id] ? JSON.stringify(points[id]) : ''}
                  onChange={(e) => setPoints({ ...points, [id]: e.target.value ? (JSON.parse(e.target.value) as Point) : undefined })}
                >
                  <option value="">at the last point it sees</option>
                  {pointsFor(id).map((p) => (
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
          {x.against !== null ? `, hit by the attack ${pc(x.theirs)}` : ''}
        </p>
      ))}
      {!r.ok && <p className="notice error">{`${r.rejection.rule ? `${r.rejection.rule}: ` : ''}${r.rejection.message}`}</p>}
      <button type="button" className="primary" disabled={!r.ok} data-testid="declare-aros" onClick={() => gameStore.getState().dispatch(cmd)}>
        {declarations.length ? 'Declare the AROs' : 'No ARO'}
      </button>
    </section>
  );
}
