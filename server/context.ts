import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './services/mail';
import type { Secrets } from './services/secrets';
import type { SessionService } from './services/sessions';

/** What every route plugin needs, built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Database;
  dialect: 'sqlite' | 'postgres';
  secrets: Secrets;
  sessions: SessionService;
  mailer: Mailer;
}
