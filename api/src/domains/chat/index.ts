// The chat domain: conversations and messages (GET /api/chats.php, DELETE /api/chat.php).
export { chatsRoute } from './routes/chats';
export { createChatsService, type ChatsService } from './chats';
