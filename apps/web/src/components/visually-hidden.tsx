import type { HTMLAttributes } from 'react';

const style = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

/** Text for screen readers only (also a live region that only speaks: pass role and aria-live). */
export function VisuallyHidden({ children, ...props }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span {...props} style={style}>
      {children}
    </span>
  );
}
