/**
 * COORD-4 on the table: a Coordinated Order's attack as its first or second skill. Every participant declares the
 * same skill at the same single target, each with its own weapon (COORD-3: the Spearhead with half its
 * Burst, the others with Burst 1; COORD-8: in close combat only the Spearhead attacks, the others add
 * their +1). The Spearhead's weapon and split are the attack form's; each other participant's weapon is
 * chosen here; the command is the core's `coordinatedCommand`, judged and given its odds by the engine.
 */
import { useState, type ReactNode } from 'react';
import type { Command, GameState, PlayerId, SkillFields, Weapon } from '../core/model/types';
import { coordinatedCommand, knownProfiles, type RollOdds } from '../core/api';

const pc = (p: number) => `${Math.round(p * 100)}%`;

export interface CoordAttack {
  /** the command of the whole Coordinated Order's attack, or null when this is no Coordinated Order's second skill */
  cmd: Command | null;
  /** the command with these targets instead (the form's one-die dry runs), or null as `cmd` */
  commandFor: ((targets: { target: string; burst: number }[]) => Command) | null;
  /** changes when a participant's weapon does (what `commandFor` builds) */
  key: string;
  /** each other participant's weapon and odds, given the odds of the command as planned */
  element: (odds: readonly RollOdds[]) => ReactNode;
}

export function useCoordAttack(state: GameState, player: PlayerId, trooper: string, weapon: Weapon & { cc?: boolean }, targets: { target: string; burst: number }[], members?: readonly string[]): CoordAttack {
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const o = state.order;
  // The participants: given for a new Coordinated Order (its first skill), else the Order in progress's (its second).
  const others = members && !o ? members.filter((id) => id !== trooper) : o && o.player === player && o.trooper === trooper && o.stage === 'second' && o.with ? o.with : null;
  if (!others) return { cmd: null, commandFor: null, key: '', element: () => null };
  const known = knownProfiles(state, player);
  const name = (id: string) => known[id]?.name ?? id;
  // A weapon aimed on the table (a direct template) names no targets: not offered in this form.
  const weaponsOf = (id: string) => (known[id]?.weapons ?? []).filter((w) => w.kind !== 'direct');
  const weaponOf = (id: string) => chosen[id] ?? weaponsOf(id)[0]?.id;
  // COORD-4: the same targets for all, one die each (COORD-3); the engine refuses what the rules do not allow.
  const commandFor = (targets: { target: string; burst: number }[]): Command => {
    const each = targets.map((t) => ({ target: t.target, burst: 1 }));
    const fieldsOf = (id: string): SkillFields => (weapon.cc ? { skill: 'cc-attack', targets: each } : { skill: 'bs-attack', weapon: weaponOf(id) ?? '', targets: each });
    const mine: SkillFields = weapon.cc ? { skill: 'cc-attack', weapon: weapon.id, targets } : { skill: 'bs-attack', weapon: weapon.id, targets };
    return coordinatedCommand(state, player, trooper, { [trooper]: mine, ...Object.fromEntries(others.map((id) => [id, fieldsOf(id)])) });
  };
  const cmd = commandFor(targets);
  const element = (odds: readonly RollOdds[]) => (
    <div className="coord-attack" data-testid="coord-attack">
      <p
        className="hint"
        title={weapon.cc ? 'COORD-8: only the Spearhead attacks; each other participant in contact with the target adds +1 to its Burst.' : 'COORD-3, COORD-4: the Spearhead shoots with half its Burst, rounded up; each other participant with Burst 1, at the same target.'}
      >
        Coordinated: {name(trooper)} (Spearhead) {weapon.cc ? 'attacks, +1 Burst for each other in contact' : 'half Burst; the others 1 die each, same target'}.
      </p>
      <ul className="targets">
        {others.map((id) => (
          <li key={id} data-testid={`coord-attack-${id}`} style={{ gridTemplateColumns: '1fr auto' }}>
            <span>{name(id)}</span>
            {!weapon.cc && (
              <select data-testid={`coord-weapon-${id}`} aria-label={`${name(id)}'s weapon`} value={weaponOf(id) ?? ''} onChange={(ev) => setChosen({ ...chosen, [id]: ev.target.value })}>
                {weaponsOf(id).map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name}
                  </option>
                ))}
              </select>
            )}
            {odds
              .filter((r) => r.roller === id && r.target !== null && (r.kind === 'attack' || r.kind === 'impact'))
              .map((r) => (
                <span key={r.target} className="odds" data-testid={`coord-odds-${id}`}>
                  {r.against ? 'Face to Face, ' : ''}
                  {r.dice} {r.dice === 1 ? 'die' : 'dice'} at {r.sv}: hit {pc(r.hit)}
                </span>
              ))}
          </li>
        ))}
      </ul>
    </div>
  );
  return { cmd, commandFor, key: others.map((id) => `${id}=${weaponOf(id)}`).join(','), element };
}
