/**
 * The page's Web Worker for the bot (Solo against the table): the bot of src/bot behind the worker's
 * port, with the table's scenery index made here (src/bot stays free of three.js). Loaded only when a
 * game against the table starts (src/state/botStore.ts), never with the first frame.
 */
import { hostBot, type Port } from '../bot/worker';
import { createSceneryIndex } from '../spatial/sceneryIndex';

hostBot(self as unknown as Port, (setup) => ({ scenery: createSceneryIndex(setup) }));
