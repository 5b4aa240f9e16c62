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
