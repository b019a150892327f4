// The engine's Node entry (`import … from 'sluice'` under Node, or 'sluice/node'): everything the
// core exports, with the Node platform installed (node-adapter.ts): file paths and `file:` URLs as
// sources, Buffer fast paths, and every code page iconv-lite knows.

import { usePlatform } from './platform.ts';
import { NODE_PLATFORM } from './node-adapter.ts';

usePlatform(NODE_PLATFORM);

export * from './index.ts';
