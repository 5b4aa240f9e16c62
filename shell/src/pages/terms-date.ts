import { TERMS_VERSION_DATE } from '@dating/shared';

/** docs/product/sites-and-landers.md: the terms version date is 2023-12-01 12:00 UTC, or the company's added date when that is later. */
export function termsVersionDate(companyAdded: string | null | undefined): Date {
  const base = new Date(TERMS_VERSION_DATE);
  const added = companyAdded ? new Date(companyAdded) : null;
  return added && !Number.isNaN(added.getTime()) && added > base ? added : base;
}
