/**
 * CC-13 on the table: who makes a CC Attack. Where more of the active player's troopers than the active
 * one are in contact with every target named (the core's `ccAttackers` says who), the attack form offers
 * the choice; another attacker rolls with its own CC and close combat weapon (chosen here), the active
 * trooper adding its +1 as the others in contact do. The engine judges the declaration and gives the odds.
 */
import { useState, type ReactNode } from 'react';
import type { GameState, PlayerId, Weapon } from '../core/model/types';
import { ccAttackers, ccWeaponList, knownProfiles } from '../core/api';

export interface CcAttackerChoice {
  /** the fields the `cc-attack` declares: its weapon, and the attacker where another is named */
  fields: { weapon: string; attacker?: string };
  /** who rolls */
  roller: string;
  /** the weapon the attack uses, as the form shows it */
  weapon: Weapon;
  /** the choice on the form, or null when the active trooper is the only one who may attack */
  element: ReactNode;
}

export function useCcAttacker(state: GameState, player: PlayerId, trooper: string, weapon: Weapon, targets: readonly string[]): CcAttackerChoice {
  const [chosen, setChosen] = useState<string | null>(null);
  const [chosenWeapon, setChosenWeapon] = useState<string | null>(null);
  const known = knownProfiles(state, player);
  const who = ccAttackers(state, player, trooper, targets);
  const roller = chosen !== null && who.includes(chosen) ? chosen : trooper;
  const own = roller === trooper;
  const list = own ? [] : ccWeaponList(known[roller]!);
  const used = own ? weapon : (list.find((w) => w.id === chosenWeapon) ?? list[0]!);
  const name = (id: string) => known[id]?.name ?? id;
  const element =
    who.length < 2 ? null : (
      <p className="row cc-attacker" data-testid="cc-attacker">
        <label>
          Who attacks{' '}
          <select data-testid="cc-attacker-select" aria-label="Who makes the CC Attack" value={roller} onChange={(ev) => setChosen(ev.target.value)}>
            {who.map((id) => (
              <option key={id} value={id}>
                {id === trooper ? `${name(id)} (this Order)` : name(id)}
              </option>
            ))}
          </select>
        </label>
        {!own && (
          <label>
            {' '}with{' '}
            <select data-testid="cc-attacker-weapon" aria-label={`${name(roller)}'s close combat weapon`} value={used.id} onChange={(ev) => setChosenWeapon(ev.target.value)}>
              {list.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="hint"> CC-13: one of your troopers in contact attacks, each other one adds +1 Burst.</span>
      </p>
    );
  return { fields: own ? { weapon: weapon.id } : { weapon: used.id, attacker: roller }, roller, weapon: used, element };
}
