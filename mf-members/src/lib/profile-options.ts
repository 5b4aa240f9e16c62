export const AGE_MIN = 18;
export const AGE_MAX = 99;
export const PAGE_SIZE = 24;
