/**
 * The core's public face for the army and table editors: their files, the weapon presets, the shapes of
 * terrain footprints. Apart from api.ts because only the editors (loaded when opened) need it: what
 * api.ts exports is part of the JavaScript fetched before the table's first frame.
 */
export { GROUP_LIMIT } from './gamefile';
export { composeGameFile } from './newgame';
export { openArmy, privateCount, type OpenArmy, type OpenProfile } from './openList';
export { ARMY_FORMAT, armyTally, CC_WEAPONS_LIMIT, NOTES_LIMIT, parseArmyFile, parseArmyFileText, type ArmyFile, type ArmyTrooper, type GroupTally } from './armyfile';
export { OVERLAP_TOLERANCE, parseTableFile, parseTableFileText, TABLE_FORMAT, terrainCover, type TableFile } from './tablefile';
export { ID_PATTERN } from './schema';
export { CC_AMMO, CC_WEAPON_PRESETS, ccWeaponPreset, WEAPON_PRESETS, weaponPreset, type CcAmmo, type CcWeapon, type CcWeaponPreset, type PresetSource, type Sureness, type WeaponPreset } from './data/weapons';
export { boxOffTable, footprintOverlap } from './geometry/overlap';
export { fromBoxFrame, rectAsBox, toBoxFrame, type TurnedBox } from './geometry/shapes';
export { insideSize, DEFAULT_LADDER_WIDTH } from './geometry/structures';
export { parseMissionFile, parseMissionFileText } from './rules/missions/file';
export { layProblem } from './rules/missions/lay';
export type { MissionFile } from './rules/missions/format';
