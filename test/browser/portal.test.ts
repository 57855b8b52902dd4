import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../support/local-api';
import type { TestApi } from '../support/local-api';

/**
 * The webhook portal in a real browser: Debian's Chromium (installed by `.ci/run`) driven by
 * playwright-core, against the local server with its in-process delivery pipeline. Without
 * Chromium this fails: a browser test that skips would hide a broken portal.
 */
const chromiumPath = '/usr/bin/chromium';
const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let api: TestApi;
let receiver: Server;
let receiverUrl: string;
let profile: string;
let browser: BrowserContext;

beforeAll(async () => {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium is missing at ${chromiumPath}: install Debian's package (apt-get install -y chromium), as .ci/run does`);
  api = await startTestApi({ WEBHOOK_RETRY_DELAYS_SECONDS: '0,0.1' });
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end('received by the browser test'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  profile = mkdtempSync(join(tmpdir(), 'portal-chromium-'));
  browser = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, headless: true, args: chromiumFlags });
});

afterAll(async () => {
  await browser?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await api?.close();
});

async function magicLink(): Promise<string> {
  const response = await api.request('GET', '/v1/webhooks/portal');
  expect(response.status).toBe(200);
  return response.body.data.url as string;
}

/** Clicks Refresh until the first message row shows `status` (the pipeline works in the background). */
async function waitForMessageStatus(page: Page, status: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  const firstStatus = page.locator('#message-rows tr').first().locator('td').nth(2);
  while (Date.now() < deadline) {
    if ((await firstStatus.count()) && (await firstStatus.textContent()) === status) return;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForTimeout(200);
  }
  expect(await firstStatus.textContent()).toBe(status);
}

describe('Webhook portal page', () => {
  it('opens from a magic link, creates an endpoint, sends a test event and shows its delivery', async () => {
    const page = await browser.newPage();
    const link = await magicLink();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Endpoints' }).waitFor();
    expect(page.url()).not.toContain('#token');
    await expect.poll(() => page.locator('#status').textContent()).toBe('Portal ready.');
    expect(await page.locator('#team').textContent()).toBe('Demo Recruiting');

    // Keyboard: the form opens with Enter and focus lands in the URL field.
    await page.getByRole('button', { name: 'Add endpoint' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Add endpoint' }).waitFor();
    expect(await page.evaluate('document.activeElement && document.activeElement.id')).toBe('f-url');

    await page.getByLabel('URL').fill('http://example.com/not-https');
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await expect.poll(() => page.locator('#status').textContent()).toContain('url:');

    await page.getByLabel('URL').fill(receiverUrl);
    await page.getByLabel('Description').fill('Browser receiver');
    await page.getByLabel('job.created').check();
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await page.getByRole('heading', { name: receiverUrl }).waitFor();
    expect(await page.locator('#endpoint-summary').textContent()).toContain('Browser receiver · 1 event type · Enabled');

    await page.getByRole('button', { name: 'Reveal secret' }).click();
    await expect.poll(() => page.locator('#secret-value').textContent()).toMatch(/^whsec_/);

    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => page.locator('#status').textContent()).toContain('Test event sent');
    await waitForMessageStatus(page, 'succeeded');
    const row = page.locator('#message-rows tr').first();
    expect(await row.locator('td').nth(1).textContent()).toBe('webhook.test');
    expect(await row.locator('td').nth(4).textContent()).toBe('200');

    await row.getByRole('button').click();
    await page.getByRole('heading', { name: 'webhook.test' }).waitFor();
    const attempt = page.locator('#attempt-rows tr').first();
    expect(await attempt.locator('td').nth(2).textContent()).toBe('test');
    expect(await attempt.locator('td').nth(3).textContent()).toBe('200');
    expect(await attempt.locator('td').nth(5).textContent()).toBe('received by the browser test');
    expect(JSON.parse((await page.locator('#message-payload').textContent()) ?? 'null')).toMatchObject({ type: 'webhook.test', data: { message: 'A test event sent from the webhook portal' } });

    await page.getByRole('button', { name: 'Replay to this endpoint' }).click();
    await expect.poll(() => page.locator('#status').textContent()).toBe('Message queued for replay.');
    await page.close();

    // The link was spent: opening it again says so.
    const again = await browser.newPage();
    await again.goto(link);
    await again.getByRole('heading', { name: 'Portal link not usable' }).waitFor();
    expect(await again.locator('#blocked-text').textContent()).toContain('invalid, has expired or was already used');
    await again.close();
  }, 60_000);
});
