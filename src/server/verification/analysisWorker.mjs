// Entry of the ID check's worker thread. A worker thread does not inherit the TypeScript loader
// of the thread that starts it (tsx under `npm start` and `npm run dev`, Vitest's in tests), so
// this plain module registers tsx's loader in the new thread, then runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./analysisWorker.ts');
