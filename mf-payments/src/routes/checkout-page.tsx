// Placeholder written with the federation config so every expose resolves; the mf-payments team replaces it.
export default function CheckoutPage() {
  return null;
}
