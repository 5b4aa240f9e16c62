// Placeholder written with the federation config so every expose resolves; the mf-account team replaces it.
export default function ProfileSettingsPage() {
  return null;
}
