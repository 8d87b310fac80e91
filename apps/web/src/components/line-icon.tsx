import type { ReactNode } from 'react';

interface LineIconProps {
  children: ReactNode;
  size?: number;
  strokeWidth?: number;
  /** Round line ends and joins (the brand mark); the small UI icons keep square ones. */
  rounded?: boolean;
}

/** The app's line icons: a 24-unit box drawn in the current text colour, hidden from readers. */
export function LineIcon({ children, size = 18, strokeWidth = 2, rounded = false }: LineIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap={rounded ? 'round' : undefined}
      strokeLinejoin={rounded ? 'round' : undefined}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
