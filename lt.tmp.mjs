import { chromium } from '@playwright/test';
const url = process.argv[2] ?? 'http://localhost:3300/';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (let i = 0; i < 3; i++) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, javaScriptEnabled: process.env.NOJS ? false : true });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    window.__lt = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration), e.attribution?.[0]?.containerSrc || e.name]); }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  console.log(JSON.stringify(await page.evaluate(() => window.__lt)));
  await ctx.close();
}
await b.close();
