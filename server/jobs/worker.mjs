// Entry of the publish worker thread. The project runs TypeScript through tsx without a build
// step, and a worker thread starts without the main thread's loader (Node 20 runs neither
// register() hooks nor --import preloads in workers), so this file registers tsx first.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
