// The engine's web entry ('sluice/web', and 'sluice' for bundlers that target browsers): the core
// on the standard web APIs alone (TextDecoder for every encoding the WHATWG Encoding Standard
// names). Sources are a File or Blob (from an <input type="file"> or a drop), a ReadableStream
// (a fetch() body), bytes or a string; a file path is refused with a message.
//
//   import { readImport } from 'sluice/web';
//   const reader = readImport(input.files[0]);
//   for await (const row of reader) …

import { usePlatform, WEB_PLATFORM } from './platform.ts';

usePlatform(WEB_PLATFORM);

export * from './index.ts';
