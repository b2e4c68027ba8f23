import type { Database } from '../../db/database';
import type { PaymentGateway } from '../payments/gateway';
import { createSandboxGateway } from '../payments/sandbox';

let installed: PaymentGateway | undefined;
const sandboxes = new WeakMap<Database, PaymentGateway>();
/**
 * The gateway charges go to: the one installed (a real gateway, or a test double), else the
 * sandbox keeping its books in this database (so every instance sees the same gateway).
 */
export function paymentGateway(db: Database): PaymentGateway {
  if (installed) return installed;
  let sandbox = sandboxes.get(db);
  if (!sandbox) {
    sandbox = createSandboxGateway(db);
    sandboxes.set(db, sandbox);
  }
  return sandbox;
}
/** Installs a gateway for every database; `undefined` goes back to the sandbox. */
export function setPaymentGateway(next: PaymentGateway | undefined): void {
  installed = next;
}
