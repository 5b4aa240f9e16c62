// Placeholder written with the federation config so every expose resolves; the mf-chat team replaces it.
export default function ConversationPage() {
  return null;
}
