/**
 * A worker thread answering landing-map requests for the bench, exactly as the page's Web Worker
 * (src/spatial/landing.worker.ts) does.
 */
import { parentPort } from 'node:worker_threads';
import { answerLandingRequest, type LandingRequest } from '../src/spatial/landingWorker';

const port = parentPort!;
port.on('message', (req: LandingRequest) => answerLandingRequest(req, (reply) => port.postMessage(reply)));
