// The chat domain: conversations, messages, gifts and photos sent in chat, and each member's counters.
import type { DomainModule } from '../../lib/domain-module';
import { chatPhotoRoute } from './routes/chat-photo';
import { chatsRoute } from './routes/chats';
import { giftsRoute } from './routes/gifts';
import { messagesRoute } from './routes/messages';
import { typingRoute } from './routes/typing';
export { chatsRoute } from './routes/chats';
export { messagesRoute } from './routes/messages';
export { typingRoute } from './routes/typing';
export { giftsRoute } from './routes/gifts';
export { chatPhotoRoute } from './routes/chat-photo';
export { createChatsService, type ChatsService } from './chats';
export {
  fictionalConversation,
  MEMBER_OF_CONVERSATION,
  photoSentIn,
  WAITING_FOR_FICTIONAL,
  waitingConversations,
  waitingForFictional,
  waitingTotal,
  type FictionalConversation,
  type WaitingConversationRow,
} from './queries';
export {
  createMessagesService,
  type MessagesService,
  type Sender,
  type Costs,
  type SendInput,
} from './messages';
export { createGiftsService, toGift, type GiftsService } from './gifts';
export { createChatPhotosService, type ChatPhotosService } from './chat-photos';
export { createCountersService, type Counters, type CountersService } from './counters';
// The message columns and their mapping, for staff's reply queue (it shows a conversation as the member sees it).
export { MESSAGE_COLUMNS, MESSAGE_FROM, toMessage, type MessageRow } from './message-views';

/** The chat's routes, for the composition root (api/src/app/routes.ts). */
export const chatDomain: DomainModule = {
  name: 'chat',
  routes: [chatsRoute, messagesRoute, typingRoute, giftsRoute, chatPhotoRoute],
};
