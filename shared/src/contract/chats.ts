import type { Profile } from './profile';

/** One entry of `GET /api/chats.php` (SPEC §3). */
export interface ChatEntry {
  conversation: { id: number; updated_at: string };
  profile: Profile;
  num_unread_messages: number;
  last_message: { text: string | null; type: MessageType; from_me: boolean; sent_at: string } | null;
}
export interface ChatsResponse {
  chats: ChatEntry[];
}
export type MessageType = 'text' | 'gift' | 'photo';
/** `DELETE /api/chat.php` JSON body. */
export interface DeleteChatRequest {
  conversation: number;
}
