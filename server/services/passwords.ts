import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane).
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

// A real hash of a random value: checking against it when the account does not exist makes a
// miss cost the same time as a wrong password, so timing does not reveal registered e-mails.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(
  stored: string | undefined,
  password: string,
): Promise<boolean> {
  if (stored === undefined) {
    decoyHash ??= hashPassword(`decoy-${String(Math.random())}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
