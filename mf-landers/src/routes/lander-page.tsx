// Placeholder written with the federation config so every expose resolves; the mf-landers team replaces it.
export default function LanderPage() {
  return null;
}
