/// <reference lib="webworker" />
/**
 * The landing map worker's entry: each message is a LandingRequest; replies are progress and the map.
 * Load it with `new Worker(new URL('./landing.worker.ts', import.meta.url), { type: 'module' })`.
 */
import { answerLandingRequest, type LandingRequest } from './landingWorker';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<LandingRequest>) => {
  answerLandingRequest(e.data, (reply) => scope.postMessage(reply));
};
