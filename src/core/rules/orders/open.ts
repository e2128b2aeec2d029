import { dict } from '../../dict';
import type { DeclaredSkill, OrderSource, OrderState } from '../../model/types';
import type { Tx } from '../context';
import { declaredKind } from '../skills/registry';

/**
 * Opens an Order of `id`'s (ORD-5) with its first skill, standing where the trooper stands now: what
 * `order` does once its checks pass, and what the older commands (`reveal` in the owner's turn,
 * `discover`, `combatJump`) do as GAME-TURN.md places them in Orders. Counts the Order given (GRP-3).
 */
export function openOwnOrder(tx: Tx, id: string, skill: { skill: DeclaredSkill['skill'] } & Record<string, unknown>, from: OrderSource, began?: OrderState['began'], resolved = false): OrderState {
  const d = tx.draft;
  const t = tx.peek(id);
  const here = { x: t.x!, y: t.y!, z: t.z! };
  const o: OrderState = {
    player: t.player,
    trooper: id,
    from,
    stage: 'aro1',
    skills: [{ ...(skill as DeclaredSkill), points: [here], facing: t.facing ?? 0, ...(resolved ? { resolved } : {}) }],
    aros: dict(),
    needs: dict(),
    aroList: [],
    eligible: [],
    began: began ?? (t.status as OrderState['began']),
    entire: declaredKind(tx.profile(id), skill) === 'entire',
    given: dict(),
  };
  d.order = o;
  d.ordersGiven += 1;
  return o;
}
