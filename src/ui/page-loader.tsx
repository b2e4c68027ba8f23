import { Center, Loader } from '@mantine/core';

/** Shown while a route's code or data loads; announced politely to screen readers. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="40vh" role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}
