/**
 * The attack form (ATK-1, TOOL-8): a BS Attack's or CC Attack's targets and Burst split, each target's
 * odds beside it, as the engine judges the declaration while the split changes; who attacks in close
 * combat (CC-13) and, in a Coordinated Order, every participant's attack (COORD-3, COORD-4, COORD-8).
 */
import { useMemo, useRef, useState } from 'react';
import type { PlayerId, Weapon } from '../core/model/types';
import { gameStore, useGame } from '../state/gameStore';
import { knownProfiles, nearMissAllies, orderCommand, plannedOdds, type StateView } from '../core/api';
import { onLieutenantOrder } from '../tools/lieutenantChoice';
import { useCcAttacker } from './CcAttacker';
import { useCoordAttack } from './CoordAttack';
import { useKeepInView } from './keepInView';
import { enemyTargets, sortTargets } from './attackTargets';

const pc = (p: number) => `${Math.round(p * 100)}%`;
/** ATK-1: targets and the Burst split (`coordWith`: a Coordinated Order's first skill, COORD-4), each target's odds (TOOL-8) beside it, judged by the engine as the split changes. */
export function AttackForm({ player, trooper, weapon, view, coordWith, onDone }: { player: PlayerId; trooper: string; weapon: Weapon & { cc?: boolean }; view: StateView; coordWith?: string[]; onDone: () => void }) {
  const state = useGame((s) => s.state);
  const ctx = useGame((s) => s.ctx);
  const known = knownProfiles(state, player);
  const [split, setSplit] = useState<Record<string, number>>({});
  // CC-10: a target Engaged with more than one of ours: the player names the ally a near miss hits.
  const [stray, setStray] = useState<Record<string, string>>({});
  const alliesOf = (key: string) => (weapon.cc ? [] : nearMissAllies(state, trooper, key));
  const targets = Object.entries(split)
    .filter(([, n]) => n > 0)
    .map(([target, burst]) => ({ target, burst, ...(stray[target] ? { stray: stray[target] } : {}) }));
  // CC-17: a CC weapon's form declares a CC Attack; CC-13: by the trooper chosen among those in contact.
  const by = useCcAttacker(state, player, trooper, weapon, weapon.cc ? targets.map((t) => t.target) : []);
  // COORD-4: as a Coordinated Order's first skill (`coordWith`: its participants, the Spearhead first) or its second, every participant's attack at once.
  const coord = useCoordAttack(state, player, trooper, weapon, targets, coordWith);
  const cmd = coord.cmd ?? orderCommand(state, player, trooper, weapon.cc ? { skill: 'cc-attack', ...by.fields, targets } : { skill: 'bs-attack', weapon: weapon.id, targets }, onLieutenantOrder(state, trooper));
  const r = targets.length ? gameStore.getState().preview(cmd) : null;
  // TOOL-8: the engine's odds for each target, from the Order the declaration would make (Face to Face
  // where the target already reacted to this Order), with its Wounds after cover and ammunition.
  const planned = useMemo(() => (r && r.ok ? plannedOdds(state, ctx, player, cmd) : []), [r, state, ctx, player, cmd]);
  const odds = planned
    .filter((o) => o.roller === by.roller && (o.kind === 'attack' || o.kind === 'impact') && o.target !== null)
    .map((o) => ({ key: o.target!, sv: o.sv, dice: o.dice, anyHit: o.hit, crit: o.critical, wounds: o.wounds, theirs: o.theirs, faceToFace: o.against !== null }));
  const used = targets.reduce((n, t) => n + t.burst, 0);
  // The enemies the engine takes as this attack's one target come first; the others fold into one line.
  const oneDie = (target: string) => (coord.commandFor ? coord.commandFor([{ target, burst: 1 }]) : orderCommand(state, player, trooper, weapon.cc ? { skill: 'cc-attack', weapon: weapon.id, targets: [{ target, burst: 1 }] } : { skill: 'bs-attack', weapon: weapon.id, targets: [{ target, burst: 1 }] }, onLieutenantOrder(state, trooper)));
  const sorted = useMemo(() => sortTargets(enemyTargets(view, player, known), oneDie, (c) => gameStore.getState().preview(c)), [state, view, player, weapon.id, coord.key]);
  // At 960x540 the form opens at the panel's foot: it keeps in view as it opens and grows (Who attacks, CC-13).
  const form = useRef<HTMLDivElement>(null);
  useKeepInView(form, `${weapon.id}:${targets.length}:${by.roller}:${coord.cmd !== null}:${r?.ok}`);
  const burstInput = (e: { key: string; name: string }) => (
    <input
      type="number"
      min={0}
      max={by.weapon.burst}
      value={split[e.key] ?? 0}
      aria-label={`Burst on ${e.name}`}
      data-testid={`burst-${e.key}`}
      onChange={(ev) => setSplit({ ...split, [e.key]: Math.max(0, Math.min(by.weapon.burst, Number(ev.target.value) || 0)) })}
    />
  );
  return (
    <div className="attack-form" data-testid="attack-form" ref={form}>
      <p className="hint">
        {by.weapon.name}: Burst {by.weapon.burst}, Damage {by.weapon.damage} {by.weapon.ammo}; split {used} of {by.weapon.burst}.
      </p>
      <ul className="targets">
        {sorted.open.map((e) => (
          <li key={e.key}>
            <span>{e.name}</span>
            {burstInput(e)}
            {alliesOf(e.key).length > 1 && (
              <select data-testid={`stray-${e.key}`} aria-label={`The ally a near miss on ${e.name} hits`} value={stray[e.key] ?? alliesOf(e.key)[0]} onChange={(ev) => setStray({ ...stray, [e.key]: ev.target.value })}>
                {alliesOf(e.key).map((a) => (
                  <option key={a} value={a}>
                    a near miss hits {known[a]?.name ?? a}
                  </option>
                ))}
              </select>
            )}
            {odds
              .filter((o) => o.key === e.key)
              .map((o) => (
                <span key="o" className="odds" data-testid={`odds-${e.key}`}>
                  {o.faceToFace ? 'Face to Face, ' : ''}at {o.sv}: hit {pc(o.anyHit)}, critical {pc(o.crit)}
                  {o.wounds ? `, a Wound or more ${pc(1 - (o.wounds[0] ?? 0))}` : ''}
                  {o.theirs !== null ? `; its ARO wins ${pc(o.theirs)}` : ''}
                </span>
              ))}
          </li>
        ))}
      </ul>
      {sorted.folded.length > 0 && (
        <p className="targets-folded" data-testid="targets-folded">
          <span className="hint">{weapon.cc ? 'No attack now:' : 'No shot now:'}</span>
          {sorted.folded.map((e) => (
            <label key={e.key} title={e.refusal ? `${e.refusal.rule ? `${e.refusal.rule}: ` : ''}${e.refusal.message}` : undefined}>
              {e.name} {burstInput(e)}
            </label>
          ))}
        </p>
      )}
      {by.element}
      {coord.element(planned)}
      {r && !r.ok && <p className="notice error" data-testid="attack-refused">{`${r.rejection.rule ? `${r.rejection.rule}: ` : ''}${r.rejection.message}`}</p>}
      <div className="row">
        <button type="button" className="primary" disabled={!r || !r.ok} data-testid="declare-attack" onClick={() => gameStore.getState().dispatch(cmd).ok && onDone()}>
          Declare the attack
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      {odds.some((o) => o.faceToFace) ? (
        <p className="hint" title="Face to Face where the target already reacted to this Order; a Normal roll elsewhere (an ARO declared after this makes it Face to Face, shown to the reactive player).">
          Face to Face where the target already reacted; Normal elsewhere.
        </p>
      ) : (
        <p className="hint" title="The odds are of a Normal roll: an ARO shooting back or Dodging makes it a Face to Face, shown when the reactive player declares.">
          Normal rolls: an ARO makes them Face to Face.
        </p>
      )}
    </div>
  );
}
