import { useGetChatsQuery } from '@dating/shared';

export default function ChatsPage() {
  const { data } = useGetChatsQuery();
  return <div>{data ? data.chats.length : 0}</div>;
}
