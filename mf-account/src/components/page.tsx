import type { ReactNode } from 'react';
import styles from './page.module.scss';

export interface PageProps {
  title: string;
  children: ReactNode;
  wide?: boolean;
}

export function Page({ title, children, wide = false }: PageProps) {
  return (
    <main className={`${styles.page} ${wide ? styles.wide : ''}`}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </main>
  );
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section className={styles.card} aria-labelledby={headingId} id={id}>
      <h2 className={styles.sectionTitle} id={headingId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
