// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMergeRefs } from '../../../src/ui/scroll-area-merge-refs';

/*
 * ScrollArea's viewport refs are merged by this hook instead of floating-ui's (vite.config.ts):
 * each ref must get the element while it is mounted, and let it go when it is not, as
 * floating-ui's `useMergeRefs` does.
 */
function Viewport(props: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  return <div data-testid="viewport" ref={useMergeRefs(props.refs)} />;
}

describe('useMergeRefs (ScrollArea without floating-ui)', () => {
  it('gives every ref the element, skips a missing one, and clears them on unmount', () => {
    const objectRef = createRef<HTMLDivElement>();
    const callbackRef = vi.fn<(node: HTMLDivElement | null) => void>();
    const view = render(<Viewport refs={[objectRef, undefined, callbackRef]} />);
    const element = view.getByTestId('viewport');
    expect(objectRef.current).toBe(element);
    expect(callbackRef).toHaveBeenLastCalledWith(element);
    view.unmount();
    expect(objectRef.current).toBeNull();
    expect(callbackRef).toHaveBeenLastCalledWith(null);
  });

  it("runs a callback ref's own cleanup (React 19) instead of calling it with null", () => {
    const cleanup = vi.fn();
    const callbackRef = vi.fn(() => cleanup);
    const view = render(<Viewport refs={[callbackRef]} />);
    expect(callbackRef).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(callbackRef).toHaveBeenCalledTimes(1);
  });
});
