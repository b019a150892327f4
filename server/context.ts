// What every handler gets: the store, the settings, the publisher (the queue's front door) and a
// log. Handlers are (ctx, req, res) and stay short: route → engine → store.

import type { ServerResponse } from 'node:http';
import type { Request as PolkaRequest } from 'polka';
import type { Config } from './config.ts';
import type { KeyOwner } from './store/users.ts';
import type { Db } from './store/db.ts';
import type { ImportRow } from './store/imports.ts';

export interface Publisher {
  /** Queues a publishable import (status importing) or throws the API's 422/500. */
  publish(row: ImportRow): ImportRow;
  /** Queues a revert of a complete import (status reverting) or throws. */
  revert(row: ImportRow): ImportRow;
}

export interface AppContext {
  db: Db;
  config: Config;
  publisher: Publisher;
  log: (message: string) => void;
}

export interface Request extends PolkaRequest {
  auth?: KeyOwner;
}

export type Handler = (ctx: AppContext, req: Request, res: ServerResponse) => void | Promise<void>;
