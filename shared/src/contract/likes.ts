import type { Profile } from './profile';

export interface LikedByEntry {
  id: number;
  like_new: boolean;
  profile: Profile;
  liked_at: string;
}
/** `GET /api/likes.php`: profiles I like, and who liked me. */
export interface LikesResponse {
  profiles: Profile[];
  liked_by: LikedByEntry[];
}
/** `GET /api/auto-like.php` */
export interface AutoLikeResponse {
  profile: Pick<Profile, 'id' | 'name' | 'main_image'>;
}

/** `POST /api/like.php` likes, `DELETE /api/like.php` unlikes (idempotent both). */
export interface LikeRequest {
  id: number;
  /** Where the like was given: profile, search, swipe, like_modal. */
  source?: 'profile' | 'search' | 'swipe' | 'like_modal';
}
export interface LikeResponse {
  liked: boolean;
  /** True when the other member likes me too. */
  match: boolean;
}
/** `GET /api/swipe.php`: today's swipe-game allowance, decided by the server in the site's time zone. */
export interface SwipeStatus {
  likes_left: number;
  limit: number;
  /** ISO date-time of the next day's start in the site's time zone. */
  resets_at: string;
}
/** `POST /api/report.php` */
export interface ReportRequest {
  id: number;
  reason: 'fake' | 'spam' | 'offensive' | 'underage' | 'scam' | 'other';
  text?: string;
  conversation?: number;
}
