/**
 * Cautious Movement (MOV-4): an Entire Order, declared out of every enemy's Line of Fire and Zone of
 * Control, moving as a Move does; it gives AROs only where it ends, and hidden troopers never react to it.
 */
import { checkOutOfSight } from '../../orders/sightChecks';
import { declareMove } from '../move/skill';
import { defineSkill } from '../skill';

export const cautiousMove = defineSkill({
  name: 'cautious-move',
  words: { name: 'Cautious Move' },
  kind: 'entire',
  keepsMarker: true,
  moves: true,
  declare(tx, order, skill, here) {
    // MOV-4: Cautious Movement is declared out of every enemy's Line of Fire and Zone of Control.
    checkOutOfSight(tx, order.trooper, here, 'MOV-4', 'Cautious Movement');
    return declareMove(tx, order, skill, here);
  },
});
