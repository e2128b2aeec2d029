import { knownProfiles } from '../../core/api';
import { useGame } from '../../state/gameStore';
import { FACING_STEP, type OrderToolSnapshot } from '../../tools/order';
import { orderTool, orderingPlayer } from '../../tools/pageTools';
import { useTouch } from '../touchMode';

/** The name of the Movement skill a path or landing is drawn for, as the forms and the touch bar title it. */
export function movementTitle(skill: OrderToolSnapshot['skill']): string {
  if (skill === 'cautious-move') return 'Cautious Move';
  if (skill === 'dodge-move') return 'Dodge move';
  if (skill === 'jump') return 'Jump';
  if (skill === 'climb') return 'Climb';
  return 'Move';
}

/**
 * The Move form's own choices (MOV-17, MOV-19): the facing the trooper ends with (the arrow at the
 * path's end, turned here, by Q/E or by dragging it on the table) and whether it goes Prone or stands
 * up at the start. With no waypoint the Move has no length: declaring it turns the trooper in place.
 */
export function MoveOptions({ snap, prone }: { snap: OrderToolSnapshot; prone: boolean }) {
  const state = useGame((s) => s.state);
  const touch = useTouch();
  if (snap.phase !== 'drawing' || snap.endFacing === null) return null;
  // MOV-12: the Entire Order box only for a trooper with Super-Jump (unknown profile: shown, the engine judges).
  const skills = snap.trooper ? knownProfiles(state, orderingPlayer())[snap.trooper]?.skills : undefined;
  const superJump = skills === undefined || skills.includes('super-jump');
  const changed = snap.facing !== null;
  const lying = snap.prone ?? prone;
  // A Jump or a Climb has a landing, not waypoints: no turn in place from its form (MOV-19).
  const vertical = snap.skill === 'jump' || snap.skill === 'climb';
  return (
    <div className="move-options" data-testid="move-options">
      <p>
        Ends facing <b data-testid="move-facing">{Math.round(snap.endFacing)}°</b>
        {changed ? '' : ' (unchanged)'}: drag the arrow {vertical ? 'where it lands' : 'at the path\'s end'}, {touch ? 'or the buttons' : 'or Q/E'}.{' '}
        {!vertical && snap.waypoints.length === 0 && 'With no waypoint, Declare turns it in place.'}
      </p>
      <div className="row">
        <button type="button" data-testid="move-turn-left" aria-label={`Turn the end facing left ${FACING_STEP}°`} onClick={() => orderTool.send({ type: 'turn', by: FACING_STEP })}>
          ⟲ {FACING_STEP}°
        </button>
        <button type="button" data-testid="move-turn-right" aria-label={`Turn the end facing right ${FACING_STEP}°`} onClick={() => orderTool.send({ type: 'turn', by: -FACING_STEP })}>
          ⟳ {FACING_STEP}°
        </button>
        <button type="button" disabled={!changed} onClick={() => orderTool.send({ type: 'facing', facing: null })}>
          Keep facing
        </button>
        {snap.skill === 'jump' && superJump && (
          <label className="setting">
            <input type="checkbox" data-testid="jump-entire" checked={snap.entire} onChange={(e) => orderTool.send({ type: 'entire', entire: e.target.checked })} />
            Super-Jump as an Entire Order (both MOV values)
          </label>
        )}
        {snap.skill === 'climb' && (
          <label className="setting climb-to" title="Empty: point at the surface where it lands">
            <span>Or stop on the face at height</span>
            <span className="climb-to-field">
              <input
                type="number"
                step={0.1}
                min={0}
                data-testid="climb-to"
                aria-label="Climb straight up or down the face to this height (MOV-14), instead of pointing at a surface"
                value={snap.climbTo ?? ''}
                onChange={(e) => orderTool.send({ type: 'climbTo', z: e.target.value === '' ? null : Number(e.target.value) })}
              />
              &quot;
            </span>
          </label>
        )}
        {snap.skill !== 'jump' && snap.skill !== 'climb' && <label className="setting">
          <input type="checkbox" data-testid="move-prone" checked={lying} onChange={(e) => orderTool.send({ type: 'prone', prone: e.target.checked === prone ? null : e.target.checked })} />
          Prone (half the distance)
        </label>}
      </div>
    </div>
  );
}
