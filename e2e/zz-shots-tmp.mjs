import { chromium } from 'playwright';
const base = 'http://localhost:19523';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
const errors = [];
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`); });
page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
async function shot(path, name, wait = 2500) {
  await page.goto(base + path, { waitUntil: 'networkidle' }).catch((e) => errors.push(`goto ${path}: ${e.message}`));
  await page.waitForTimeout(wait);
  await page.screenshot({ path: `/tmp/shot-${name}.png`, fullPage: false });
  console.log(name, errors.splice(0).join('\n  ') || 'ok');
}
const which = process.argv.slice(2);
const login = which.includes('login');
await shot('/', 'home');
await shot('/swipe-game', 'swipe');
await shot('/match-finder', 'matchfinder');
await shot('/members', 'members-visitor');
await shot('/premium', 'premium-visitor');
if (login) {
  const r = await page.request.post(base + '/api/user.php', { form: { email: 'demo@example.com', password: 'Demo-1234' }, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  console.log('login', r.status());
  await shot('/members', 'members');
  await shot('/members/300', 'profile');
  await shot('/chats', 'chats');
  await shot('/likes', 'likes');
  await shot('/credits', 'credits');
  await shot('/credits/2/ideal', 'checkout');
}
await browser.close();
