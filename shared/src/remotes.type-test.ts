// Compiled by `tsc -b`, never run: each `@ts-expect-error` must meet a type error, so if the contract stopped
// catching a remote that exposes the wrong props, the build itself would fail ("unused @ts-expect-error").
import type { RemoteComponent, RemoteModule, RemoteProps, RemoteTarget } from './remotes';

function PageWithoutProps() {
  return null;
}
function FormAsContracted({ onDone }: { onDone?: () => void; source?: string | null }) {
  onDone?.();
  return null;
}
function PageNeedingAProp({ memberId }: { memberId: number }) {
  return memberId ? null : null;
}
function FormWithOtherCallback({ onDone }: { onDone: (memberId: number) => void }) {
  onDone(1);
  return null;
}
function FormWithRenamedSource({ origin }: { origin: string }) {
  return origin ? null : null;
}

export const typeTests = [
  // Right: a routed page takes nothing; the signup form takes (part of) what the shell passes.
  PageWithoutProps satisfies RemoteComponent<'mf_chat/ConversationPage'>,
  { default: FormAsContracted } satisfies RemoteModule<'mf_account/SignupForm'>,

  // Wrong: a page that needs a prop the shell never passes.
  // @ts-expect-error memberId is not in the contract of mf_members/MemberProfilePage
  PageNeedingAProp satisfies RemoteComponent<'mf_members/MemberProfilePage'>,
  // @ts-expect-error the exposed module object is checked the same way
  { default: PageNeedingAProp } satisfies RemoteModule<'mf_chat/ConversationPage'>,
  // Wrong: the signup form's callback takes an argument the shell does not give, and is required.
  // @ts-expect-error onDone(memberId) does not match the contract's onDone()
  FormWithOtherCallback satisfies RemoteComponent<'mf_account/SignupForm'>,
  // Wrong: a prop renamed on the remote's side.
  // @ts-expect-error `origin` is required but the shell passes `source`
  FormWithRenamedSource satisfies RemoteComponent<'mf_account/SignupForm'>,

  // The shell's side: what it passes is checked against the same map.
  { onDone: () => undefined, source: 'lander', profileId: 3 } satisfies RemoteProps<'mf_account/SignupForm'>,
  // @ts-expect-error a prop the remote does not take
  { onDone: () => undefined, from: 'lander' } satisfies RemoteProps<'mf_account/SignupForm'>,
  // @ts-expect-error a target that no remote exposes
  { remote: 'mf_chat', module: 'SignupForm' } satisfies RemoteTarget,
  // @ts-expect-error a target typed for one id cannot name another module
  { remote: 'mf_chat', module: 'ChatsPage' } satisfies RemoteTarget<'mf_chat/ConversationList'>,
];
