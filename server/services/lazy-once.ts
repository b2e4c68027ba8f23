/**
 * `make` runs on the first call and its promise is kept for the later ones, so something costly
 * is made only when first asked for. A rejected promise is not kept: the next call makes it
 * again, instead of every later call failing for the life of the process.
 */
export function lazyOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
}
