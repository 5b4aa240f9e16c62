// Placeholder written with the federation config so every expose resolves; the mf-members team replaces it.
export default function MembersPage() {
  return null;
}
