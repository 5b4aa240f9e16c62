import type { ReactNode } from 'react';
import styles from './page.module.scss';

export interface PageProps {
  title: string;
  children: ReactNode;
  wide?: boolean;
}

/** A page of mf-account: its h1 and content, inside the shell layout's one main landmark (not a second one). */
export function Page({ title, children, wide = false }: PageProps) {
  return (
    <div className={`${styles.page} ${wide ? styles.wide : ''}`}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
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
