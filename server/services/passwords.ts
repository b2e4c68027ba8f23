import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane).
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

// A real hash of a random value, made once at start-up (made on first use, the first miss
// would pay for a hash and stand out): checking against it when the account does not exist, or
// cannot sign in, makes a miss cost the same time as a wrong password, so timing does not reveal
// registered e-mails.
const decoyHash: Promise<string> = hashPassword(`decoy-${String(Math.random())}`);

/** How many password checks ran (real or decoy): tests compare known and unknown logins. */
export const passwordChecks = { count: 0 };

export async function verifyPassword(
  stored: string | undefined,
  password: string,
): Promise<boolean> {
  passwordChecks.count += 1;
  if (stored === undefined) {
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
