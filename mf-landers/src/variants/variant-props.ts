/** What every lander variant gets from the route. */
export interface VariantProps {
  /** Reported with the signup event, e.g. `lander:gallery` or `profile:12`. */
  source: string;
  /** The member a profile lander is built around. */
  memberId?: number;
}
