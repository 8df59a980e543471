// The viewers' thread starts here: a worker thread does not inherit the main thread's module
// hooks on every Node version (on 20 it does not), so TypeScript is registered for it first.
import { register } from 'tsx/esm/api';

register();
await import('./report-viewers.ts');
