// The engine's web entry ('sluice/web', and 'sluice' for bundlers that target browsers): the core
// alone, on the standard web APIs (TextDecoder for every encoding the WHATWG Encoding Standard
// names). Sources are a File or Blob (from an <input type="file"> or a drop), a ReadableStream
// (a fetch() body), bytes or a string; a file path is refused with a message. It installs no
// platform of its own: the web one is the default, and in a Node process that also imports the
// Node entry, the Node platform (which reads all the same sources) stays in place.
//
//   import { readImport } from 'sluice/web';
//   const reader = readImport(input.files[0]);
//   for await (const row of reader) …

export * from './index.ts';
