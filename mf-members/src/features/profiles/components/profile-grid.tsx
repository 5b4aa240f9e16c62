import type { ReactNode } from 'react';
import { ProfileCardSkeleton } from './profile-card';
import styles from './profile-grid.module.scss';

export function ProfileGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

export function ProfileGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <ProfileCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
