// The bench's landing-map worker thread: TypeScript through tsx's loader, registered here because a
// worker thread does not inherit it.
import { register } from 'tsx/esm/api';

register();
await import('./landingThread.ts');
