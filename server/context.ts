// What every handler gets: the store, the settings, the publisher (the queue's front door) and a
// log. Handlers are (ctx, req, res) and stay short: route → engine → store.

import type { ServerResponse } from 'node:http';
import type { Request as PolkaRequest } from 'polka';
import type { Config } from './config.ts';
import type { ImportRow, KeyOwner, Store } from './store/store.ts';

export interface Publisher {
  /** Queues a publishable import (status importing) or throws the API's 422/500. */
  publish(row: ImportRow): Promise<ImportRow>;
  /** Queues a revert of a complete import (status reverting) or throws. */
  revert(row: ImportRow): Promise<ImportRow>;
}

export interface AppContext {
  store: Store;
  config: Config;
  publisher: Publisher;
  log: (message: string) => void;
}

export interface Request extends PolkaRequest {
  auth?: KeyOwner;
}

export type Handler = (ctx: AppContext, req: Request, res: ServerResponse) => void | Promise<void>;
